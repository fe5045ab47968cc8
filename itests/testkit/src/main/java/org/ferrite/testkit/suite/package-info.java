/**
 * The conformance suites: one abstract JUnit 5 class per contract family of the SPI (sessions,
 * capabilities, transfers, completion, memory, persistent memory, events, device-to-device transfers,
 * random numbers, elementwise, promotion, structural, reductions, indexing, contraction, errors, einsum,
 * linear algebra, lifecycle), each extending
 * {@link org.ferrite.testkit.ProviderConformance}. {@link org.ferrite.testkit.ConformanceKit} runs every
 * one of them as a nested class, so a provider names a suite only to exclude it
 * ({@code excludedSuites()}) or to run it once more on another configuration of its backend, by
 * extending it and overriding {@code backend()}.
 *
 * <p>Each suite checks the provider against the kit's own oracles ({@link org.ferrite.testkit.oracle}),
 * never against another provider: random operands from fixed seeds, every dtype the API defines for an
 * operation, strided, transposed and negative-stride layouts, rank 0 and extents 0 and 1, and misuse
 * rejected with the typed error before anything is written.
 *
 * <p>Only the suites are public; the package's helpers (misuse assertions, session wrappers, the einsum
 * and linear-algebra fixtures) are not part of the kit's API. Every suite is not thread-safe (a JUnit
 * test class; one instance per test method).
 */
@Export
@Version("0.3.0")
package org.ferrite.testkit.suite;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
