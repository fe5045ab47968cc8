/**
 * The reference provider: a complete Ferrite provider written only against the public SPI
 * ({@code org.ferrite.api..}, {@code org.ferrite.linalg}), with naive host kernels that implement just
 * the {@code BackendSession} hooks and the {@code LinalgKernels} extension, and the simplest admission that meets the {@code Backend} contract. It is the worked example of
 * {@code docs/writing-a-provider.md}, a second provider of the integration tests (the OSGi bundle
 * {@code org.ferrite.reference}), and the conformance kit's own self-test subject: it passes every suite
 * of {@code ferrite-testkit}. Never use it for real work: it is slow on purpose.
 */
package org.ferrite.reference;
