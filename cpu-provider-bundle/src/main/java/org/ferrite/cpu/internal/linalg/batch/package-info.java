/**
 * Walking the members of batch-trailing host operands ({@code [m, n, batch…]}) without division: the
 * cursor the linear-algebra dispatch and its small tier share. Private to the bundle.
 */
package org.ferrite.cpu.internal.linalg.batch;
