/** A named application module that knows only the API and finds a provider through the module system. */
module org.example.app {
    requires org.ferrite.api;
    uses org.ferrite.api.BackendProvider;
}
