/**
 * The CPU provider: {@link org.ferrite.cpu.CpuBackend} with held ({@link org.ferrite.cpu.CpuHeldSession})
 * and scoped sessions over host tensors on a {@link org.ferrite.cpu.CpuDomain}; the phase lease of a held
 * session ({@link org.ferrite.cpu.CpuPhase}, {@link org.ferrite.cpu.PhaseLane},
 * {@link org.ferrite.cpu.LaneFunction}, {@link org.ferrite.cpu.PhaseRunException}); and its management
 * value types ({@link org.ferrite.cpu.BufferPoolStats}, {@link org.ferrite.cpu.CacheStats},
 * {@link org.ferrite.cpu.SessionCounters}); and the keys of its capability details
 * ({@link org.ferrite.cpu.CpuCapabilities}). Everything under {@code org.ferrite.cpu.internal} is private
 * to the bundle.
 */
@Export
@Version("0.3.0")
package org.ferrite.cpu;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
