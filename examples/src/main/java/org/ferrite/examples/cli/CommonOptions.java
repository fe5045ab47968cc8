package org.ferrite.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import picocli.CommandLine.Option;

/**
 * The options every command shares: which backend runs it, where its files go, whether a progress
 * bar is drawn. Not thread-safe (filled by picocli, read by one command).
 */
final class CommonOptions {
    @Option(names = "--backend", paramLabel = "NAME",
            description = "the provider to run on (Backends.get(NAME)); default: the highest-priority one")
    String backend;

    @Option(names = "--property", paramLabel = "KEY=VALUE",
            description = "a provider setting for a backend of your own (Backends.create), e.g. threads=1")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "examples-output",
            description = "folder for the CSV, JSON and PNG files (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--no-progress", description = "no progress bar")
    boolean noProgress;

    /** @return the backend to run on; the caller closes it (a no-op for a shared one) */
    Backend openBackend() {
        if (properties.isEmpty()) {
            return backend == null ? Backends.get() : Backends.get(backend);
        }
        return Backends.create(backend == null ? Backends.get().name() : backend, properties);
    }

    /**
     * @param name a file name
     * @return its path in the output folder, which exists
     * @throws IOException if the folder cannot be made
     */
    Path file(String name) throws IOException {
        Files.createDirectories(out);
        return out.resolve(name);
    }

    /**
     * @param task what runs
     * @param max the count of units of work
     * @return a progress bar, or a silent one with {@code --no-progress}
     */
    Progress progress(String task, long max) {
        return noProgress ? Progress.silent() : Progress.bar(task, max);
    }
}
