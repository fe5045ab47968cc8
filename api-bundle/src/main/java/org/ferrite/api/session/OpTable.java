package org.ferrite.api.session;

import static org.ferrite.api.tensor.DType.BOOL;
import static org.ferrite.api.tensor.DType.C128;
import static org.ferrite.api.tensor.DType.C64;
import static org.ferrite.api.tensor.DType.F32;
import static org.ferrite.api.tensor.DType.F64;
import static org.ferrite.api.tensor.DType.I32;
import static org.ferrite.api.tensor.DType.BF16;
import static org.ferrite.api.tensor.DType.F16;
import static org.ferrite.api.tensor.DType.I64;
import static org.ferrite.api.tensor.DType.I8;
import static org.ferrite.api.tensor.DType.U8;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.ferrite.api.session.OpSpec.Family;
import org.ferrite.api.session.OpSpec.Result;
import org.ferrite.api.tensor.DType;

/**
 * The operation table: for every operation of {@link BackendSession}, the dtypes it accepts, the rule
 * for its result dtype, its domain limits and its NumPy name, as data ({@link OpSpec} rows). It is the
 * <b>one source</b> of these facts. Everything else reads it: every provider's capability check (an
 * undefined pair is refused with {@link org.ferrite.api.error.UnsupportedOpException}, its message built
 * from the row by {@code org.ferrite.api.spi.OpChecks}), the CPU provider's generated kernels (the
 * generator makes a loop for exactly the defined pairs and fails on a row it has no kernel for), the
 * operation tables of {@code docs/operations.md} (generated from these rows) and the conformance kit's
 * expectations. The enums' Javadoc says what an operation computes; this table says where.
 *
 * <p>Rows are keyed by the enum constant that selects the operation ({@link #of(BinaryOp)} and its
 * overloads), and by a constant here for an operation that is a session method of its own
 * ({@link #SELECT}, {@link #DOT_GENERAL}, …). {@link #rows()} lists every row. The dtype sets the rows
 * use: <i>numeric</i> is every dtype but BOOL; <i>real</i> is I32, I64, F32, F64, F16, BF16, I8, U8;
 * <i>logical</i> is BOOL, I32, I64, I8, U8; <i>floating</i> is F32, F64, C64, C128, F16, BF16; <i>real
 * floating</i> is F32, F64, F16, BF16. F16 and BF16 compute in F32 and round on store, I8 and U8 in I32 and
 * wrap ({@link DType#computeType()}).
 *
 * <pre>{@code
 * if (!OpTable.accepts(BinaryOp.ATAN2, x.dtype())) { ... }    // two loads and a mask, for a hot path
 * for (OpSpec row : OpTable.rows()) {
 *     System.out.println(row + " " + row.dtypes() + " -> " + row.result() + " (numpy." + row.numpyName() + ")");
 * }
 * }</pre>
 *
 * <p>Adding an operation starts with its row here (CONTRIBUTING.md, "Add an operation"); the build
 * then names every place that lacks it. Thread-safe (immutable data, built when the class is loaded).
 * Lifetime: static; its rows live as long as the class is loaded.
 */
public final class OpTable {
    private static final Set<DType> ALL = Collections.unmodifiableSet(EnumSet.allOf(DType.class));
    private static final Set<DType> NUMERIC = EnumSet.complementOf(EnumSet.of(BOOL));
    private static final Set<DType> REAL = EnumSet.of(I32, I64, F32, F64, F16, BF16, I8, U8);
    private static final Set<DType> LOGICAL = EnumSet.of(BOOL, I32, I64, I8, U8);
    private static final Set<DType> FLOATING = EnumSet.of(F32, F64, C64, C128, F16, BF16);
    private static final Set<DType> REAL_FLOATING = EnumSet.of(F32, F64, F16, BF16);
    /** The integer dtypes a {@link Result#FLOATING} row widens to F64 (NumPy 2's promotion of integers). */
    private static final Set<DType> WIDENED_INTEGERS = EnumSet.of(I32, I64);

    private static final String WRAPS = "integers wrap on overflow";
    private static final String INTEGER_DIVISION = "integer division by zero → NumericalFailureException, nothing"
            + " written";
    private static final String NAN_PROPAGATES = "NaN if either operand is NaN";
    private static final String ORDERED = "false when either operand is NaN (IEEE)";

    private static final OpSpec[] BINARY = byOrdinal(BinaryOp.values(),
            binary(BinaryOp.ADD, ALL, "add", "BOOL: logical or; " + WRAPS),
            binary(BinaryOp.SUB, NUMERIC, "subtract", WRAPS),
            binary(BinaryOp.MUL, ALL, "multiply", "BOOL: logical and; " + WRAPS),
            binary(BinaryOp.DIV, NUMERIC, "divide", "integers truncate toward zero (NumPy's divide of integers gives"
                    + " F64); " + INTEGER_DIVISION),
            binary(BinaryOp.REM, REAL, "fmod", "the sign of the dividend, as C's fmod and Java's % (NumPy's"
                    + " remainder takes the divisor's); " + INTEGER_DIVISION),
            binary(BinaryOp.POW, NUMERIC, "power", "integers: a negative exponent → ValidationException, wraps on"
                    + " overflow; F32, F64: C99 Annex F special values; complex: exp(b·log a), principal branch"),
            binary(BinaryOp.MAXIMUM, REAL, "maximum", NAN_PROPAGATES),
            binary(BinaryOp.MINIMUM, REAL, "minimum", NAN_PROPAGATES),
            new OpSpec(Family.ANALYTIC, "atan2", BinaryOp.ATAN2, 2, widening(REAL_FLOATING), Result.FLOATING, "arctan2",
                    ""),
            binary(BinaryOp.AND, LOGICAL, "bitwise_and", "BOOL: logical and"),
            binary(BinaryOp.OR, LOGICAL, "bitwise_or", "BOOL: logical or"),
            binary(BinaryOp.XOR, LOGICAL, "bitwise_xor", "BOOL: logical xor"),
            binary(BinaryOp.FLOOR_DIVIDE, REAL, "floor_divide", "rounds toward -∞ (Python's //); floating: NumPy's"
                    + " divmod (x/0 → ±∞ or NaN); " + INTEGER_DIVISION + " (NumPy gives 0)"),
            binary(BinaryOp.REMAINDER, REAL, "remainder", "the sign of the divisor (Python's %), x - floor(x/y)·y;"
                    + " floating: x % ±∞ is x or ±∞ as NumPy, x % 0 is NaN; " + INTEGER_DIVISION
                    + " (NumPy gives 0)"));

    private static final OpSpec[] UNARY = byOrdinal(UnaryOp.values(),
            unary(UnaryOp.NEG, Family.ELEMENTWISE, NUMERIC, "negative", WRAPS),
            unary(UnaryOp.CONJ, Family.ELEMENTWISE, ALL, "conjugate", "the identity on real dtypes and BOOL"),
            new OpSpec(Family.ELEMENTWISE, "abs", UnaryOp.ABS, 1, NUMERIC, Result.REAL, "absolute",
                    "complex: the modulus, of the real type; " + WRAPS + " (|MIN_VALUE| = MIN_VALUE)"),
            unary(UnaryOp.SIGN, Family.ELEMENTWISE, NUMERIC, "sign", "-1, 0 or 1, NaN stays NaN; complex: x/|x|"
                    + " (0 at 0), as NumPy 2"),
            unary(UnaryOp.NOT, Family.ELEMENTWISE, LOGICAL, "invert", "BOOL: logical not; integers: bitwise"),
            analytic(UnaryOp.EXP, FLOATING, "exp", ""),
            analytic(UnaryOp.LOG, FLOATING, "log", "complex: principal branch"),
            analytic(UnaryOp.SIN, FLOATING, "sin", ""),
            analytic(UnaryOp.COS, FLOATING, "cos", ""),
            analytic(UnaryOp.TANH, FLOATING, "tanh", ""),
            analytic(UnaryOp.SQRT, FLOATING, "sqrt", "complex: principal branch"),
            analytic(UnaryOp.RSQRT, FLOATING, "", "1/sqrt(x)"),
            analytic(UnaryOp.EXPM1, FLOATING, "expm1", "accurate near 0, complex too"),
            analytic(UnaryOp.LOG1P, FLOATING, "log1p", "accurate near 0, complex too (principal"
                    + " branch)"),
            analytic(UnaryOp.ERF, REAL_FLOATING, "scipy.special.erf", ""),
            analytic(UnaryOp.SIGMOID, REAL_FLOATING, "scipy.special.expit", "1/(1 + e^-x)"),
            unary(UnaryOp.ROUND, Family.ELEMENTWISE, REAL_FLOATING, "rint", "half to even"),
            unary(UnaryOp.FLOOR, Family.ELEMENTWISE, REAL_FLOATING, "floor", ""),
            unary(UnaryOp.CEIL, Family.ELEMENTWISE, REAL_FLOATING, "ceil", ""));

    private static final OpSpec[] COMPARE = byOrdinal(CompareOp.values(),
            compare(CompareOp.EQ, ALL, "equal", ORDERED),
            compare(CompareOp.NE, ALL, "not_equal", "true when either operand is NaN (IEEE)"),
            compare(CompareOp.LT, REAL, "less", ORDERED),
            compare(CompareOp.LE, REAL, "less_equal", ORDERED),
            compare(CompareOp.GT, REAL, "greater", ORDERED),
            compare(CompareOp.GE, REAL, "greater_equal", ORDERED));

    private static final String NO_IDENTITY = "an extent-0 reduced axis → ValidationException (no identity);"
            + " NaN propagates";

    private static final OpSpec[] REDUCE = byOrdinal(ReduceOp.values(),
            reduce(ReduceOp.SUM, ALL, Result.COUNTING, "sum", "identity 0; " + WRAPS + "; BOOL counts the true"
                    + " elements"),
            reduce(ReduceOp.PROD, ALL, Result.COUNTING, "prod", "identity 1; " + WRAPS),
            reduce(ReduceOp.MAX, REAL, Result.SAME, "max", NO_IDENTITY),
            reduce(ReduceOp.MIN, REAL, Result.SAME, "min", NO_IDENTITY),
            reduce(ReduceOp.MEAN, ALL, Result.FLOATING, "mean", "NaN for an empty reduction"),
            reduce(ReduceOp.SUM_SQUARES, FLOATING, Result.REAL, "", "Σ |x|², identity 0; complex: of the real"
                    + " type"));

    private static final OpSpec[] SCATTER = byOrdinal(ScatterMode.values(),
            scatter(ScatterMode.REPLACE, ALL, "", "duplicate indices: the last update in index order wins"),
            scatter(ScatterMode.ADD, BINARY[BinaryOp.ADD.ordinal()].dtypes(), "add.at", "BOOL: logical or"),
            scatter(ScatterMode.MUL, BINARY[BinaryOp.MUL.ordinal()].dtypes(), "multiply.at", "BOOL: logical and"),
            scatter(ScatterMode.MAX, BINARY[BinaryOp.MAXIMUM.ordinal()].dtypes(), "maximum.at", NAN_PROPAGATES),
            scatter(ScatterMode.MIN, BINARY[BinaryOp.MINIMUM.ordinal()].dtypes(), "minimum.at", NAN_PROPAGATES));

    // The dtype masks of the enum-keyed rows, by ordinal: accepts(op, dtype) reads one int, no row.
    private static final int[] BINARY_MASKS = masks(BINARY);
    private static final int[] UNARY_MASKS = masks(UNARY);
    private static final int[] COMPARE_MASKS = masks(COMPARE);
    private static final int[] REDUCE_MASKS = masks(REDUCE);
    private static final int[] SCATTER_MASKS = masks(SCATTER);

    /** {@code select(predicate, onTrue, onFalse)}: NumPy's {@code where}; the predicate is BOOL. */
    public static final OpSpec SELECT = new OpSpec(Family.ELEMENTWISE, "select", null, 3, ALL, Result.SAME, "where",
            "predicate: BOOL; onTrue and onFalse share the dtype");
    /** {@code clamp(lo, x, hi)}: {@code min(max(x, lo), hi)}, NumPy's {@code clip}. */
    public static final OpSpec CLAMP = new OpSpec(Family.ELEMENTWISE, "clamp", null, 3, REAL, Result.SAME, "clip",
            "NaN in x stays NaN; lo, x and hi promote to their common dtype (NumPy's result_type)");
    /** {@code softmax(x, axis)}. */
    public static final OpSpec SOFTMAX = new OpSpec(Family.ANALYTIC, "softmax", null, 1, REAL_FLOATING, Result.SAME,
            "scipy.special.softmax", "shifted by the maximum along the axis (no overflow)");
    /** {@code logSoftmax(x, axis)}. */
    public static final OpSpec LOG_SOFTMAX = new OpSpec(Family.ANALYTIC, "logSoftmax", null, 1, REAL_FLOATING,
            Result.SAME, "scipy.special.log_softmax", "shifted by the maximum along the axis (no overflow)");
    /** {@code copyInto(src, out)} and {@code toContiguous}. */
    public static final OpSpec COPY = structural("copy", "copyto", "");
    /** {@code cast(src, dtype)}: any dtype to any, lossy. */
    public static final OpSpec CAST = new OpSpec(Family.STRUCTURAL, "cast", null, 1, ALL, Result.TARGET,
            "astype", "any dtype to any (NumPy's casting='unsafe'): floating to integer truncates toward zero,"
                    + " saturating, NaN → 0; complex to real keeps the real part; to BOOL is != 0");
    /** {@code convert(src, dtype)}: only along the safe-casting lattice. */
    public static final OpSpec CONVERT = new OpSpec(Family.STRUCTURAL, "convert", null, 1, ALL, Result.TARGET,
            "astype", "only where DType.canConvertTo (NumPy's casting='safe'), else ValidationException: use"
                    + " cast");
    /** {@code transpose(x, perm…)}. */
    public static final OpSpec TRANSPOSE = structural("transpose", "transpose", "");
    /** {@code reshape(x, shape…)}, column-major. */
    public static final OpSpec RESHAPE = structural("reshape", "reshape", "column-major: NumPy's order='F'"
            + " (reshapeRowMajor: order='C')");
    /** {@code broadcastInDim(x, shape, dims)}. */
    public static final OpSpec BROADCAST_IN_DIM = structural("broadcastInDim", "broadcast_to", "StableHLO's"
            + " broadcast_in_dim: dims in any order");
    /** {@code extractDiagonal(x, k)}. */
    public static final OpSpec EXTRACT_DIAGONAL = structural("extractDiagonal", "diagonal", "the diagonal axis"
            + " first, batch axes after");
    /** {@code embedDiagonal(diagonal)}. */
    public static final OpSpec EMBED_DIAGONAL = structural("embedDiagonal", "diag", "");
    /** {@code tril(x, k)}. */
    public static final OpSpec TRIL = structural("tril", "tril", "");
    /** {@code triu(x, k)}. */
    public static final OpSpec TRIU = structural("triu", "triu", "");
    /** {@code gatherInto(operand, startIndices, config, out)}: StableHLO's gather. */
    public static final OpSpec GATHER = indexing("gather", 2, "take", "start indices: I32 or I64; starts clamped"
            + " so that each slice stays inside (StableHLO)");
    /** {@code takeAlongAxis(x, indices, axis)}. */
    public static final OpSpec TAKE_ALONG_AXIS = indexing("takeAlongAxis", 2, "take_along_axis", "indices: I32 or"
            + " I64");
    /** {@code slice(x, SliceConfig)}. */
    public static final OpSpec SLICE = indexing("slice", 1, "", "x[start:limit:step] per axis");
    /** {@code dynamicSlice(x, starts, sizes)}. */
    public static final OpSpec DYNAMIC_SLICE = indexing("dynamicSlice", 1, "", "StableHLO's dynamic_slice: starts"
            + " clamped into range");
    /** {@code dynamicUpdateSlice(x, update, starts)}. */
    public static final OpSpec DYNAMIC_UPDATE_SLICE = indexing("dynamicUpdateSlice", 2, "", "StableHLO's"
            + " dynamic_update_slice: starts clamped into range");
    /** {@code pad(x, PadConfig, value)}. */
    public static final OpSpec PAD = indexing("pad", 1, "pad", "low, high and interior padding (StableHLO)");
    /** {@code concatenate(axis, operands…)}. */
    public static final OpSpec CONCATENATE = indexing("concatenate", OpSpec.VARIADIC, "concatenate", "");
    /** {@code reverse(x, axes…)}. */
    public static final OpSpec REVERSE = indexing("reverse", 1, "flip", "");
    /** {@code dotGeneralAccumulate}, {@code dotGeneral} and {@code dotGeneralInto}. */
    public static final OpSpec DOT_GENERAL = new OpSpec(Family.CONTRACTION, "dotGeneral", null, 2, NUMERIC,
            Result.SAME, "einsum", "BOOL → ValidationException (einsum contracts BOOL); integers: exact, wrapping"
                    + " on overflow, alpha and beta integral; F16, BF16 accumulate in F32, I8, U8 in I32");
    /** {@code matmul(lhs, rhs)} and {@code matmulInto}: rank-2 {@code dotGeneral}. */
    public static final OpSpec MATMUL = new OpSpec(Family.CONTRACTION, "matmul", null, 2, NUMERIC, Result.SAME,
            "matmul", "rank-2 operands; as dotGeneral");
    /** {@code transferInto(src, out)}, {@code toHost} and {@code to}. */
    public static final OpSpec TRANSFER = new OpSpec(Family.TRANSFER, "transfer", null, 1, ALL, Result.SAME, "",
            "the only operation that crosses placements");

    /** {@code argmax(x, axis)} and {@code argmaxInto}: the index of the first maximum along an axis. */
    public static final OpSpec ARGMAX = searching("argmax", 1, Result.INDEX, "argmax", "NaN is the maximum (the"
            + " first NaN's index); complex: ordered by real, then imaginary part; an extent-0 axis →"
            + " ValidationException");
    /** {@code argmin(x, axis)} and {@code argminInto}: the index of the first minimum along an axis. */
    public static final OpSpec ARGMIN = searching("argmin", 1, Result.INDEX, "argmin", "NaN is the minimum (the"
            + " first NaN's index); complex: ordered by real, then imaginary part; an extent-0 axis →"
            + " ValidationException");
    /** {@code sort(x, axis)} and {@code sortInto}: stable, ascending. */
    public static final OpSpec SORT = searching("sort", 1, Result.SAME, "sort", "stable (kind='stable'); NaN last;"
            + " -0.0 and 0.0 equal; complex: by real, then imaginary part, NaNs last as NumPy; BOOL: false first");
    /** {@code argsort(x, axis)} and {@code argsortInto}: the indices that sort, stably. */
    public static final OpSpec ARGSORT = searching("argsort", 1, Result.INDEX, "argsort", "the order of sort");
    /** {@code countNonzero(x, axes…)}. */
    public static final OpSpec COUNT_NONZERO = searching("countNonzero", 1, Result.INDEX, "count_nonzero", "NaN"
            + " counts (NaN != 0)");
    /** {@code nonzero(x)}: one I64 index vector per axis, row-major (C) order. */
    public static final OpSpec NONZERO = searching("nonzero", 1, Result.INDEX, "nonzero", "indices in row-major"
            + " (C) order, as NumPy, whatever the layout; a synchronisation point (the count sizes the result)");
    /** {@code cumsum(x, axis)} and {@code cumsumInto}. */
    public static final OpSpec CUMSUM = new OpSpec(Family.REDUCTION, "cumsum", null, 1, ALL, Result.COUNTING,
            "cumsum", "sequential, in index order; " + WRAPS);
    /** {@code cumprod(x, axis)} and {@code cumprodInto}. */
    public static final OpSpec CUMPROD = new OpSpec(Family.REDUCTION, "cumprod", null, 1, ALL, Result.COUNTING,
            "cumprod", "sequential, in index order; " + WRAPS);
    /** {@code any(x, axes…)}: whether some element is non-zero. */
    public static final OpSpec ANY_NONZERO = new OpSpec(Family.REDUCTION, "any", null, 1, ALL, Result.BOOL, "any",
            "identity false; NaN is true (NaN != 0)");
    /** {@code all(x, axes…)}: whether every element is non-zero. */
    public static final OpSpec ALL_NONZERO = new OpSpec(Family.REDUCTION, "all", null, 1, ALL, Result.BOOL, "all",
            "identity true; NaN is true (NaN != 0)");
    /** {@code eye(dtype, n, m, k)}: ones on the {@code k}-th diagonal. */
    public static final OpSpec EYE = new OpSpec(Family.STRUCTURAL, "eye", null, 0, ALL, Result.TARGET, "eye",
            "any dtype (BOOL: true on the diagonal)");
    /** {@code stack(axis, inputs…)}: joins along a new axis. */
    public static final OpSpec STACK = indexing("stack", OpSpec.VARIADIC, "stack", "the inputs share one shape;"
            + " the values promote to their common dtype");

    private static final List<OpSpec> ROWS = rows(BINARY, UNARY, COMPARE, REDUCE, SCATTER, new OpSpec[] {SELECT,
        CLAMP, SOFTMAX, LOG_SOFTMAX, COPY, CAST, CONVERT, TRANSPOSE, RESHAPE, BROADCAST_IN_DIM, EXTRACT_DIAGONAL,
        EMBED_DIAGONAL, TRIL, TRIU, GATHER, TAKE_ALONG_AXIS, SLICE, DYNAMIC_SLICE, DYNAMIC_UPDATE_SLICE, PAD,
        CONCATENATE, REVERSE, DOT_GENERAL, MATMUL, TRANSFER}, new OpSpec[] {ARGMAX, ARGMIN, SORT, ARGSORT,
        COUNT_NONZERO, NONZERO, CUMSUM, CUMPROD, ANY_NONZERO, ALL_NONZERO, EYE, STACK});

    private OpTable() {
    }

    /**
     * @return every row: the binary operations, unary operations, comparisons, reductions and scatter
     *     modes in their enums' order, then the session methods of their own (unmodifiable)
     */
    public static List<OpSpec> rows() {
        return ROWS;
    }

    /**
     * @param op a binary operation
     * @return its row
     */
    public static OpSpec of(BinaryOp op) {
        return BINARY[op.ordinal()];
    }

    /**
     * @param op a unary operation
     * @return its row
     */
    public static OpSpec of(UnaryOp op) {
        return UNARY[op.ordinal()];
    }

    /**
     * @param op a comparison
     * @return its row
     */
    public static OpSpec of(CompareOp op) {
        return COMPARE[op.ordinal()];
    }

    /**
     * @param op a reduction
     * @return its row
     */
    public static OpSpec of(ReduceOp op) {
        return REDUCE[op.ordinal()];
    }

    /**
     * @param mode a scatter combiner
     * @return its row (every mode's {@link OpSpec#name()} is {@code "scatter"})
     */
    public static OpSpec of(ScatterMode mode) {
        return SCATTER[mode.ordinal()];
    }

    /**
     * {@code of(op).accepts(dtype)}; allocates nothing.
     *
     * @param op a binary operation
     * @param dtype the operands' dtype
     * @return true if defined
     */
    public static boolean accepts(BinaryOp op, DType dtype) {
        return (BINARY_MASKS[op.ordinal()] >>> dtype.ordinal() & 1) != 0;
    }

    /**
     * {@code of(op).accepts(dtype)}; allocates nothing.
     *
     * @param op a unary operation
     * @param dtype the operand's dtype
     * @return true if defined
     */
    public static boolean accepts(UnaryOp op, DType dtype) {
        return (UNARY_MASKS[op.ordinal()] >>> dtype.ordinal() & 1) != 0;
    }

    /**
     * {@code of(op).accepts(dtype)}; allocates nothing.
     *
     * @param op a comparison
     * @param dtype the operands' dtype
     * @return true if defined
     */
    public static boolean accepts(CompareOp op, DType dtype) {
        return (COMPARE_MASKS[op.ordinal()] >>> dtype.ordinal() & 1) != 0;
    }

    /**
     * {@code of(op).accepts(dtype)}; allocates nothing.
     *
     * @param op a reduction
     * @param dtype the operand's dtype
     * @return true if defined
     */
    public static boolean accepts(ReduceOp op, DType dtype) {
        return (REDUCE_MASKS[op.ordinal()] >>> dtype.ordinal() & 1) != 0;
    }

    /**
     * {@code of(mode).accepts(dtype)}; allocates nothing.
     *
     * @param mode a scatter combiner
     * @param dtype the operand's dtype
     * @return true if defined
     */
    public static boolean accepts(ScatterMode mode, DType dtype) {
        return (SCATTER_MASKS[mode.ordinal()] >>> dtype.ordinal() & 1) != 0;
    }

    // ------------------------------------------------------------------ building the rows

    private static String lower(Enum<?> op) {
        return op.name().toLowerCase(Locale.ROOT);
    }

    private static OpSpec binary(BinaryOp op, Set<DType> dtypes, String numpy, String domain) {
        return new OpSpec(Family.ELEMENTWISE, lower(op), op, 2, dtypes, Result.SAME, numpy, domain);
    }

    private static OpSpec unary(UnaryOp op, Family family, Set<DType> dtypes, String numpy, String domain) {
        return new OpSpec(family, lower(op), op, 1, dtypes, Result.SAME, numpy, domain);
    }

    private static OpSpec compare(CompareOp op, Set<DType> dtypes, String numpy, String domain) {
        return new OpSpec(Family.ELEMENTWISE, lower(op), op, 2, dtypes, Result.BOOL, numpy, domain);
    }

    private static OpSpec reduce(ReduceOp op, Set<DType> dtypes, Result result, String numpy, String domain) {
        return new OpSpec(Family.REDUCTION, lower(op), op, 1, dtypes, result, numpy, domain);
    }

    private static OpSpec scatter(ScatterMode mode, Set<DType> dtypes, String numpy, String domain) {
        return new OpSpec(Family.INDEXING, "scatter", mode, 3, dtypes, Result.SAME, numpy, "operand, scatter"
                + " indices (I32 or I64), updates; " + domain);
    }

    /** An analytic function: integers are widened to F64 first (NumPy 2), floating dtypes keep theirs. */
    private static OpSpec analytic(UnaryOp op, Set<DType> floating, String numpy, String domain) {
        return new OpSpec(Family.ANALYTIC, lower(op), op, 1, widening(floating), Result.FLOATING, numpy, domain);
    }

    private static Set<DType> widening(Set<DType> floating) {
        EnumSet<DType> set = EnumSet.copyOf(floating);
        set.addAll(WIDENED_INTEGERS);
        return set;
    }

    private static OpSpec searching(String name, int arity, Result result, String numpy, String domain) {
        return new OpSpec(Family.SEARCHING, name, null, arity, ALL, result, numpy, domain);
    }

    private static OpSpec structural(String name, String numpy, String domain) {
        return new OpSpec(Family.STRUCTURAL, name, null, 1, ALL, Result.SAME, numpy, domain);
    }

    private static OpSpec indexing(String name, int arity, String numpy, String domain) {
        return new OpSpec(Family.INDEXING, name, null, arity, ALL, Result.SAME, numpy, domain);
    }

    /**
     * @return the rows indexed by their key's ordinal
     * @throws IllegalStateException naming a constant of the enum with no row, or with two: adding an
     *     enum constant without its row here fails as this class loads (and so every build)
     */
    static OpSpec[] byOrdinal(Enum<?>[] constants, OpSpec... rows) {
        OpSpec[] table = new OpSpec[constants.length];
        for (OpSpec row : rows) {
            Enum<?> key = row.key().orElseThrow();
            if (table[key.ordinal()] != null) {
                throw new IllegalStateException("two rows for " + key.getDeclaringClass().getSimpleName() + "."
                        + key.name() + " in OpTable");
            }
            table[key.ordinal()] = row;
        }
        for (Enum<?> constant : constants) {
            if (table[constant.ordinal()] == null) {
                throw new IllegalStateException(constant.getDeclaringClass().getSimpleName() + "." + constant.name()
                        + " has no row in OpTable: add one (CONTRIBUTING.md, \"Add an operation\")");
            }
        }
        return table;
    }

    private static int[] masks(OpSpec[] rows) {
        int[] masks = new int[rows.length];
        for (int k = 0; k < rows.length; k++) {
            masks[k] = rows[k].mask();
        }
        return masks;
    }

    private static List<OpSpec> rows(OpSpec[]... groups) {
        List<OpSpec> all = new ArrayList<>();
        for (OpSpec[] group : groups) {
            all.addAll(Arrays.asList(group));
        }
        return Collections.unmodifiableList(all);
    }
}
