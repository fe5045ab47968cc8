/**
 * Exact references the examples are checked against, computed by numerical quadrature
 * ({@link org.ferrite.examples.exact.Quadrature}): Onsager's free energy of the 2D Ising model
 * ({@link org.ferrite.examples.exact.Onsager}) and the ground-state energy of the transverse-field Ising
 * chain ({@link org.ferrite.examples.exact.TransverseFieldIsing}). Plain Java, no tensors.
 */
package org.ferrite.examples.exact;
