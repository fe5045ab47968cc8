/**
 * The CPU provider: {@code CpuBackend} with held and scoped sessions over host
 * tensors, and its management value types. Everything under {@code org.ferrite.cpu.internal} is
 * private to the bundle.
 */
@Export
@Version("0.1.0")
package org.ferrite.cpu;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
