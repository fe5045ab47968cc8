package org.ferrite.itests.linalg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the code blocks that {@code docs/getting-started.md} shows and the tests that run them, so that a
 * test can check the guide's block against its own marked block, word for word. Thread-safe (stateless).
 * Lifetime: static helpers only.
 */
final class GuideSnippets {
    private GuideSnippets() {
    }

    /**
     * @param heading the guide's heading above the block
     * @return the first {@code ```java} block after {@code heading} in {@code docs/getting-started.md},
     *     de-indented
     */
    static List<String> guide(String heading) throws IOException {
        return block(Files.readAllLines(root().resolve("docs/getting-started.md"), StandardCharsets.UTF_8), heading,
                "```java", "```");
    }

    /**
     * @param testClass the test, in this package
     * @param name the snippet's name: the block between {@code // snippet: name} and {@code // end snippet}
     * @return that block of the test's source, de-indented
     */
    static List<String> test(Class<?> testClass, String name) throws IOException {
        Path source = root().resolve("itests/src/test/java/org/ferrite/itests/linalg/" + testClass.getSimpleName()
                + ".java");
        List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8);
        String open = lines.stream().filter(l -> l.strip().equals("// snippet: " + name)).findFirst().orElse("");
        String close = open.replace("// snippet: " + name, "// end snippet");
        return block(lines, "class " + testClass.getSimpleName(), open, close);
    }

    private static Path root() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    }

    /** @return the lines strictly between {@code open} and {@code close} after {@code after}, de-indented */
    private static List<String> block(List<String> lines, String after, String open, String close) {
        int start = 0;
        while (start < lines.size() && !lines.get(start).contains(after)) {
            start++;
        }
        while (start < lines.size() && !lines.get(start).equals(open)) {
            start++;
        }
        List<String> block = new ArrayList<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).equals(close); i++) {
            block.add(lines.get(i));
        }
        int indent = block.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        block.replaceAll(l -> l.length() >= indent ? l.substring(indent) : l.strip());
        return block;
    }
}
