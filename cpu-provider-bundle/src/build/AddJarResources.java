import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Copies the resources under one folder of a jar into another jar, after that jar was built: a build
 * step of {@code ferrite-cpu} (its {@code pom.xml} runs it with {@code java AddJarResources.java …} in
 * the {@code package} phase, after bnd), which adds netlib's JNI shims
 * ({@code resources/native/<os>-<arch>/libnetlibblasjni.so}) to the provider jar.
 *
 * <p>Why after bnd, not with bnd's {@code -includeresource}: bnd lists every folder of the jar as a
 * package of the module descriptor it generates, so the shims' folders became packages of module
 * {@code org.ferrite.cpu}, where a resource is encapsulated; netlib looks its shim up with
 * {@code ClassLoader.getResourceAsStream}, which finds no encapsulated resource, and native BLAS was off
 * on the module path. Added afterwards, the folders are in no package (their names are not Java package
 * names), and every class loader finds them (docs/design-decisions.md, H3).
 *
 * <p>Usage: {@code java AddJarResources.java TARGET_JAR SOURCE_JAR FOLDER TIMESTAMP} — every file under
 * {@code FOLDER} of {@code SOURCE_JAR} is written, with its folders, to the same path in
 * {@code TARGET_JAR} (replacing an entry of that name), each entry dated {@code TIMESTAMP} (ISO-8601,
 * the build's {@code project.build.outputTimestamp}) so that the jar stays reproducible. The target's
 * other entries are kept as they are, in their order, the manifest first. Fails (exit status 1) when the
 * folder holds no file. Prints nothing on success.
 */
public final class AddJarResources {
    private AddJarResources() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: java AddJarResources.java TARGET_JAR SOURCE_JAR FOLDER TIMESTAMP");
            System.exit(2);
        }
        Path target = Path.of(args[0]);
        Path source = Path.of(args[1]);
        String folder = args[2];
        FileTime time = FileTime.from(Instant.parse(args[3]));
        try (FileSystem from = FileSystems.newFileSystem(source); FileSystem to = FileSystems.newFileSystem(target)) {
            Path root = from.getPath("/", folder);
            List<Path> files = Files.isDirectory(root) ? filesUnder(root) : List.of();
            if (files.isEmpty()) {
                System.err.println("AddJarResources: no file under " + folder + " in " + source);
                System.exit(1);
            }
            for (Path file : files) {
                Path copy = to.getPath(file.toString());
                createFolders(copy.getParent(), time);
                Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
                date(copy, time);
            }
        }
    }

    private static List<Path> filesUnder(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
    }

    /** Sets every time the zip file system writes (modified, and in its extra field accessed and created). */
    private static void date(Path entry, FileTime time) throws IOException {
        Files.getFileAttributeView(entry, BasicFileAttributeView.class).setTimes(time, time, time);
    }

    /** Creates {@code folder} and its missing parents, each dated {@code time}. */
    private static void createFolders(Path folder, FileTime time) throws IOException {
        if (folder == null || Files.isDirectory(folder)) {
            return;
        }
        createFolders(folder.getParent(), time);
        Files.createDirectory(folder);
        date(folder, time);
    }
}
