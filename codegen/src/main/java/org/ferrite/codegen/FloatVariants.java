package org.ferrite.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code float[]} kernels (F32, C64) of GEMM and contraction, generated from their {@code double[]}
 * templates (F64, C128) — ordinary, compiled provider classes — by renaming: {@code Double→Float},
 * {@code double→float}, {@code dgemm/dgemv→sgemm/sgemv}, {@code F64→F32}, {@code C128→C64}. The
 * templates avoid precision-specific literals so that the renaming is the whole translation: the holes
 * are exactly the words renamed. Thread-safe (stateless).
 */
final class FloatVariants {
    /** The templates, relative to the CPU provider's {@code org.ferrite.cpu.internal} source folder. */
    static final List<String> TEMPLATES = List.of("gemm/DoubleGemmWorkspace.java", "gemm/DoubleBlockedGemm.java",
            "gemm/DoubleTinyGemm.java", "gemm/DoubleNativeGemm.java", "gemm/DoubleGemmResources.java",
            "gemm/DoubleGemmJob.java", "gemm/DoubleGemm.java", "gemm/ComplexDoubleGemm.java",
            "contract/DoubleContraction.java");

    /** The CPU provider's {@code org.ferrite.cpu.internal} source folder, relative to the repository root. */
    static final String INTERNAL = "cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/";

    /** The Vector API templates, relative to {@link #SIMD_INTERNAL}. */
    static final List<String> SIMD_TEMPLATES = List.of("simd/BatchDoubleVectors.java");

    /** The provider's Vector API source folder ({@code src/main/simd}) at {@code org.ferrite.cpu.internal}. */
    static final String SIMD_INTERNAL = "cpu-provider-bundle/src/main/simd/org/ferrite/cpu/internal/";

    private FloatVariants() {
    }

    /**
     * @param root the repository root
     * @return generated path (relative to the root) → text, one per template
     * @throws IOException if a template cannot be read
     */
    static Map<String, String> generate(Path root) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        generate(root, INTERNAL, TEMPLATES, out);
        generate(root, SIMD_INTERNAL, SIMD_TEMPLATES, out);
        return out;
    }

    private static void generate(Path root, String folder, List<String> templates, Map<String, String> out)
            throws IOException {
        for (String template : templates) {
            String path = folder + template;
            String text = Files.readString(root.resolve(path), StandardCharsets.UTF_8);
            out.put(folder + template.replace("Double", "Float"), rename(text, path));
        }
    }

    /**
     * @param template the template's text
     * @param templatePath its path from the repository root, named in the header
     * @return the generated text
     */
    static String rename(String template, String templatePath) {
        String body = template.replace("Double", "Float").replace("double", "float").replace("dgemm", "sgemm")
                .replace("dgemv", "sgemv").replace("F64", "F32").replace("C128", "C64");
        return Generate.header(templatePath) + body;
    }
}
