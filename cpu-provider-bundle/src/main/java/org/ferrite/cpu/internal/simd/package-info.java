/**
 * Kernels written with the Vector API ({@code jdk.incubator.vector}), used only when that module is
 * present at run time, and the guard that loads them.
 *
 * <p>The provider never requires the incubator module: it is compiled against Java 17 without it,
 * and the classes that use it live in a source folder of their own ({@code src/main/simd}, compiled
 * with {@code --add-modules jdk.incubator.vector}). {@link org.ferrite.cpu.internal.simd.Simd} loads
 * them by name only when the module is in the boot layer and the bundle can see its package (an
 * optional import inside OSGi); otherwise, or with {@code -Dferrite.simd=false}, every caller keeps the
 * scalar kernel it was given as the fallback. Nothing outside this package names a Vector API type.
 *
 * <p>Private to the bundle.
 */
package org.ferrite.cpu.internal.simd;
