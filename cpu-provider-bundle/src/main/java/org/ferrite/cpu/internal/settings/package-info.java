/**
 * The CPU provider's settings as data: {@link org.ferrite.cpu.internal.settings.CpuSetting}, the one
 * table from which the builder's checks, the ServiceLoader map and the Configuration Admin routes
 * derive. It depends on the API's errors and the provider's route enums only, so that both
 * {@code CpuBackend.Builder} and the registration package can use it without a package cycle.
 *
 * <p>Private to the bundle.
 */
package org.ferrite.cpu.internal.settings;
