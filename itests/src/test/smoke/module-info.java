/**
 * The jar smoke as a named application module: it requires the CPU provider's exported package (to
 * force its routes) and finds the default backend through {@code Backends}, as users do.
 */
module org.ferrite.itests.smoke {
    requires org.ferrite.cpu;
}
