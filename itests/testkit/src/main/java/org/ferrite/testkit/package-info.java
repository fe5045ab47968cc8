/**
 * The provider conformance kit's entry point: what a provider author writes against. A provider proves
 * that it meets the SPI's contracts with one test class extending
 * {@link org.ferrite.testkit.ConformanceKit}, which supplies the backend under test
 * ({@code backend()}, shared and left idle between tests), fresh owned ones ({@code newBackend()},
 * closed by the tests that take them) and, for a provider with several devices, a backend on a second
 * device ({@code newPeerBackend()}); every suite of {@link org.ferrite.testkit.suite} then runs
 * against it, and a suite added to the kit later runs without a change on the provider's side. A run
 * that executes none of the kit's tests fails; a suite the provider excludes is reported as skipped,
 * with the reason.
 *
 * <p>{@link org.ferrite.testkit.ProviderConformance} is the root of every suite: a kit author writes a
 * new suite against it, preparing operands and expected values on the host and running the provider's
 * work through {@code inSession}, whose {@link org.ferrite.testkit.Mirror} places them where the session
 * computes, so that one test body checks host and device providers alike.
 *
 * <p>The kit is a JUnit 5 library: it runs wherever JUnit Jupiter runs — a provider's own unit tests on
 * the class path or the module path ({@code Automatic-Module-Name: org.ferrite.testkit}), or inside an
 * OSGi framework, where the bundle {@code org.ferrite.testkit} exports its three packages and imports
 * JUnit Jupiter (API and params), AssertJ and the Ferrite API.
 *
 * <p>Every type here is extended by a provider's tests (consumer types). Thread-safety and lifetime are
 * stated on each type.
 */
@Export
@Version("0.3.0")
package org.ferrite.testkit;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
