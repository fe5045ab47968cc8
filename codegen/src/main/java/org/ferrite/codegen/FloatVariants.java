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
 * are exactly the words renamed. Also {@code ComplexMathToFloat}, the complex functions with a
 * {@code float[]} sink for the C64 loops ({@link #toFloatSink}). Thread-safe (stateless).
 */
final class FloatVariants {
    /** The templates, relative to the CPU provider's {@code org.ferrite.cpu.internal} source folder. */
    static final List<String> TEMPLATES = List.of("gemm/DoubleGemmWorkspace.java", "gemm/DoubleBlockedGemm.java",
            "gemm/DoubleTinyGemm.java", "gemm/DoubleNativeGemm.java", "gemm/DoubleGemmResources.java",
            "gemm/DoubleGemmJob.java", "gemm/DoubleGemm.java", "gemm/ComplexDoubleGemm.java",
            "gemm/DoublePanelGemm.java", "gemm/DoubleMatVec.java", "contract/DoubleContraction.java",
            "simd/DoubleGemmKernel.java", "gemm/DoubleColumnPass.java");

    /** The templates in the Vector API source folder, relative to its {@code org.ferrite.cpu.internal}. */
    static final List<String> SIMD_TEMPLATES = List.of("simd/DoubleGemmVectorKernel.java",
            "simd/BatchDoubleVectors.java");

    /** The blocked kernel's inner pass; {@link #SHORT_COLUMN_PASS} is generated from it. */
    static final String COLUMN_PASS = "gemm/DoubleColumnPass.java";
    /**
     * The same pass under another class name, for short blocks: a method of its own, so that C2 keeps
     * a profile of its own (see the template's Javadoc); generated in both precisions.
     */
    static final String SHORT_COLUMN_PASS = "gemm/DoubleShortColumnPass.java";

    /** The complex functions in double precision writing into a {@code double[]} sink (C128). */
    static final String COMPLEX_MATH = "kernel/typed/ComplexMath.java";
    /** The same functions writing into a {@code float[]} sink (C64), generated from {@link #COMPLEX_MATH}. */
    static final String COMPLEX_MATH_TO_FLOAT = "kernel/typed/ComplexMathToFloat.java";

    /** The CPU provider's {@code org.ferrite.cpu.internal} source folder, relative to the repository root. */
    static final String INTERNAL = "cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/";

    /** The Vector API source folder's {@code org.ferrite.cpu.internal}, relative to the repository root. */
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
        String passPath = INTERNAL + COLUMN_PASS;
        String shortPass = Files.readString(root.resolve(passPath), StandardCharsets.UTF_8)
                .replace("class DoubleColumnPass ", "class DoubleShortColumnPass ")
                .replace("private DoubleColumnPass()", "private DoubleShortColumnPass()");
        out.put(INTERNAL + SHORT_COLUMN_PASS, Generate.header(passPath) + shortPass);
        out.put(INTERNAL + SHORT_COLUMN_PASS.replace("Double", "Float"), rename(shortPass, passPath));
        String path = INTERNAL + COMPLEX_MATH;
        out.put(INTERNAL + COMPLEX_MATH_TO_FLOAT, toFloatSink(Files.readString(root.resolve(path),
                StandardCharsets.UTF_8), path));
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
     * {@code ComplexMath} with a {@code float[]} sink: the arithmetic stays in double, only the sink's
     * type, the class name and the two stores change (each part rounded once). The template writes the
     * sink only in {@code store} and never reads it, so this is the whole translation.
     *
     * @param template the text of {@code ComplexMath}
     * @param templatePath its path from the repository root, named in the header
     * @return the generated text
     * @throws IllegalStateException if the template no longer has the shape this translation expects
     */
    static String toFloatSink(String template, String templatePath) {
        String store = "        sink[at] = re;\n        sink[at + 1] = im;\n";
        if (!template.contains(store) || template.indexOf("sink[at]", template.indexOf(store) + store.length()) >= 0) {
            throw new IllegalStateException(templatePath + ": the sink must be written only by store (" + store.strip()
                    + ") and never read");
        }
        String body = template.replace(store, "        sink[at] = (float) re;\n        sink[at + 1] = (float) im;\n")
                .replace("double[] sink", "float[] sink").replace("class ComplexMath ", "class ComplexMathToFloat ")
                .replace("private ComplexMath()", "private ComplexMathToFloat()");
        return Generate.header(templatePath) + body;
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
