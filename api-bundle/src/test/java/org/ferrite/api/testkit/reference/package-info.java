/**
 * The reference provider: a complete Ferrite provider written only against the public SPI
 * ({@code org.ferrite.api..}, {@code org.ferrite.linalg}), with naive kernels that implement just the
 * {@code BackendSession} hooks and the {@code LinalgKernels} extension, and the simplest admission that meets the {@code Backend} contract. It is the worked example of
 * {@code docs/writing-a-provider.md}, the oracle-free second provider of the integration tests (packaged
 * as the OSGi bundle {@code org.ferrite.reference}), and it passes the conformance suite of
 * {@code org.ferrite.api.testkit.conformance}. Never use it for real work: it is slow on purpose.
 */
package org.ferrite.api.testkit.reference;
