package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The packaged jars of the build, as the plain-JVM integration tests (which run after {@code package})
 * see them on their class path, and the two things those tests do with them: compile a small application
 * against some of the jars alone, and launch it in a fresh JVM.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ShippedJars {
    private ShippedJars() {
    }

    /**
     * @param prefix the start of the file name, e.g. {@code "ferrite-cpu-"}
     * @return the path of the packaged jar on the test class path whose file name starts with {@code prefix}
     */
    static String jar(String prefix) {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> Path.of(p).getFileName().toString().startsWith(prefix) && p.endsWith(".jar"))
                .findFirst().orElseThrow(() -> new AssertionError(prefix + "*.jar is not on the class path"
                        + " (run after package, so that reactor modules are jars)"));
    }

    /** @return {@code paths} joined with the platform's path separator */
    static String path(String... paths) {
        return String.join(File.pathSeparator, paths);
    }

    /** @return the module descriptor of a modular jar */
    static ModuleDescriptor descriptor(String jar) {
        return ModuleFinder.of(Path.of(jar)).findAll().iterator().next().descriptor();
    }

    /**
     * Compiles every {@code .java} file under {@code sourceRoots} for Java 17 against {@code modulePath}
     * alone (one of the sources is a {@code module-info.java}), into {@code classes}.
     *
     * @param classes the output folder
     * @param modulePath what the sources may use
     * @param sourceRoots folders of sources
     * @throws IOException if a source folder cannot be read
     */
    static void compile(Path classes, String modulePath, Path... sourceRoots) throws IOException {
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("--release", "17", "--module-path", modulePath, "-d",
                classes.toString()));
        for (Path root : sourceRoots) {
            try (Stream<Path> files = Files.walk(root)) {
                args.addAll(files.filter(p -> p.toString().endsWith(".java")).map(Path::toString)
                        .collect(Collectors.toList()));
            }
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(null, diagnostics, diagnostics, args.toArray(new String[0]));
        assertThat(status).as("javac %s%n%s", args, diagnostics.toString(StandardCharsets.UTF_8)).isZero();
    }

    /** What a launched JVM printed, and how it ended. */
    record Run(int exitCode, String output) {
    }

    /**
     * @param javaArguments the {@code java} command's arguments (options, then a class path and main class, or
     *     a module path and {@code -m})
     * @return what the JVM printed (stdout and stderr) and its exit code
     * @throws Exception if it cannot be started or does not end within two minutes
     */
    static Run launch(List<String> javaArguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(javaArguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("the application finished: %s", command).isTrue();
        return new Run(process.exitValue(), output);
    }
}
