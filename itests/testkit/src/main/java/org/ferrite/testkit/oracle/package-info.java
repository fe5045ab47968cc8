/**
 * The kit's oracles and expectation data, independent of every provider: what the right answer is. A
 * naive reference for each operation family ({@link org.ferrite.testkit.oracle.Oracle}: elementwise,
 * comparisons, casts, reductions, {@code dotGeneral}), named tolerances per dtype
 * ({@link org.ferrite.testkit.oracle.Tolerance}), the (operation, dtype) pairs the API defines
 * ({@link org.ferrite.testkit.oracle.Spec}), expectations generated once from NumPy 2 and shipped as
 * resources of this package ({@link org.ferrite.testkit.oracle.NumPyCases}), and the means to build and
 * compare operands: random values per dtype ({@link org.ferrite.testkit.oracle.Values}), the layouts every
 * operation is checked over ({@link org.ferrite.testkit.oracle.Layout}), the kit's own index enumeration
 * ({@link org.ferrite.testkit.oracle.Indices}), host matrices for linear algebra
 * ({@link org.ferrite.testkit.oracle.HostMatrix}), seeded property checks that name the failing seed
 * ({@link org.ferrite.testkit.oracle.SeededCases}), the assertion on a typed validation error
 * ({@link org.ferrite.testkit.oracle.Validations}) and goodness-of-fit checks for random samples
 * ({@link org.ferrite.testkit.oracle.Statistics}: moments, Kolmogorov–Smirnov).
 *
 * <p>The suites check providers against these; a provider's own kernel tests may use them too. They
 * read tensors through the API's public element accessors only, so they share no code with any
 * provider. The NumPy resources are looked up relative to their class, through the kit's own class
 * loader, so they load on the class path, the module path and inside an OSGi framework alike.
 *
 * <p>Thread-safety and lifetime are stated on each type; the static helpers are thread-safe.
 */
@Export
@Version("0.3.0")
package org.ferrite.testkit.oracle;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
