package org.ferrite.api.session;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import org.ferrite.api.tensor.DType;

/**
 * One row of the operation table, {@link OpTable}: an operation's family, name, arity, the dtypes it
 * accepts, the rule that gives its result dtype, its domain notes and its NumPy name. Rows are data:
 * the table builds every one and nothing else can; read them, never restate them.
 *
 * <pre>{@code
 * OpSpec rem = OpTable.of(BinaryOp.REM);
 * rem.dtypes();                  // [I32, I64, F32, F64]
 * rem.accepts(DType.C128);       // false: every provider refuses it with UnsupportedOpException
 * rem.resultType(DType.F32);     // F32
 * rem.numpyName();               // "fmod" (the sign of the dividend, as C's fmod)
 * }</pre>
 *
 * <p>Thread-safe (immutable). Lifetime: the rows are constants of {@link OpTable} and live as long as
 * that class is loaded.
 */
public final class OpSpec {
    /** {@link #arity()} of an operation that takes any number of operands ({@code concatenate}). */
    public static final int VARIADIC = -1;

    /**
     * The families of {@code docs/operations.md}, which group the operations as the session's
     * interfaces do. Thread-safe (an enum); its constants live as long as the class is loaded.
     */
    public enum Family {
        /** Arithmetic, logic, comparisons, selection and rounding, element by element. */
        ELEMENTWISE,
        /** Transcendental functions and the helpers built on them (softmax). */
        ANALYTIC,
        /** Copies, conversions and layout changes that move elements without computing new ones. */
        STRUCTURAL,
        /** Reductions over an axis set ({@link ReduceOp}). */
        REDUCTION,
        /** Gather, scatter, slices, padding and concatenation. */
        INDEXING,
        /** Sorting, searching and counting (NumPy's grouping): {@code sort}, {@code argmax},
         * {@code nonzero}, {@code countNonzero}, …. */
        SEARCHING,
        /** {@code dotGeneral} and {@code matmul}. */
        CONTRACTION,
        /** The one operation that crosses placements. */
        TRANSFER
    }

    /**
     * How an operation's result dtype follows from its operand's. Thread-safe (an enum); its constants
     * live as long as the class is loaded.
     */
    public enum Result {
        /** The operand's dtype (every operand shares it). */
        SAME,
        /** {@code BOOL}: comparisons. */
        BOOL,
        /** The operand's real type ({@link DType#realType()}): {@code F32} for {@code C64}, {@code F64} for
         * {@code C128}, the operand's dtype otherwise. */
        REAL,
        /** The dtype the caller asks for: {@code cast}, {@code convert} and {@code eye}. */
        TARGET,
        /** {@code I64} whatever the operand: an index or a count ({@code argmax}, {@code argsort},
         * {@code nonzero}, {@code countNonzero}; NumPy's {@code intp}). */
        INDEX,
        /** {@code I64} for a BOOL operand — the sum of a mask counts (NumPy's sum, prod, cumsum and cumprod
         * of {@code bool} give its default integer) — the operand's dtype otherwise; a BOOL operand is
         * widened to I64 before the operation runs ({@link OpSpec#computeType}). */
        COUNTING,
        /** The operand's dtype if it is floating; {@code F64} for BOOL, I32 and I64, which are widened to
         * F64 before the operation runs (NumPy 2: {@code exp}, {@code sqrt}, {@code mean}, … of integers
         * compute in float64; the rows that accept BOOL, such as {@code mean}, say so). */
        FLOATING
    }

    private final Family family;
    private final String name;
    /** The enum constant that selects this operation, or {@code null} for one that no enum selects. */
    private final Enum<?> key;
    private final int arity;
    /** Bit {@code d.ordinal()} is set for every accepted dtype {@code d}; {@link #dtypes} as a mask. */
    private final int mask;
    /** Bit {@code d.ordinal()} is set for every accepted dtype {@code d} the operation widens first
     * ({@code computeType(d) != d}). */
    private final int widenMask;
    private final Set<DType> dtypes;
    private final Result result;
    private final String domain;
    private final String numpyName;
    /** How messages name the row: {@link #name}, or {@code "scatter mode MAX"} for a scatter mode. */
    private final String label;
    /** {@link #dtypes} as messages list them. */
    private final String dtypeList;

    OpSpec(Family family, String name, Enum<?> key, int arity, Set<DType> dtypes, Result result, String numpyName,
            String domain) {
        this.family = Objects.requireNonNull(family, "family");
        this.name = Objects.requireNonNull(name, "name");
        this.key = key;
        this.arity = arity;
        EnumSet<DType> set = EnumSet.noneOf(DType.class);
        set.addAll(dtypes);
        int bits = 0;
        for (DType d : set) {
            bits |= 1 << d.ordinal();
        }
        this.mask = bits;
        this.dtypes = Collections.unmodifiableSet(set);
        this.result = Objects.requireNonNull(result, "result");
        int widened = 0;
        for (DType d : set) {
            widened |= computeType(d) != d ? 1 << d.ordinal() : 0;
        }
        this.widenMask = widened;
        this.numpyName = Objects.requireNonNull(numpyName, "numpyName");
        this.domain = Objects.requireNonNull(domain, "domain");
        this.label = key instanceof ScatterMode ? name + " mode " + key.name() : name;
        StringJoiner list = new StringJoiner(", ");
        for (DType d : set) {
            list.add(d.name());
        }
        this.dtypeList = list.toString();
    }

    /** @return the family the operation belongs to */
    public Family family() {
        return family;
    }

    /**
     * @return the operation's name as errors report it ({@link org.ferrite.api.error.TensorException#op()}):
     *     the enum constant in lower case for an operation an enum selects ({@code "add"},
     *     {@code "sum_squares"}; {@code "scatter"} for every {@link ScatterMode}), the session method's name
     *     otherwise ({@code "dotGeneral"})
     */
    public String name() {
        return name;
    }

    /**
     * @return the constant that selects the operation — a {@link BinaryOp}, {@link UnaryOp},
     *     {@link CompareOp}, {@link ReduceOp} or {@link ScatterMode} — or empty for an operation that is a
     *     session method of its own ({@code select}, {@code dotGeneral}, …)
     */
    public Optional<Enum<?>> key() {
        return Optional.ofNullable(key);
    }

    /**
     * @return how many tensors the operation reads: 0 ({@code eye}, which makes one), 1 (unary,
     *     reductions, casts), 2 (binary, comparisons, gather, contractions), 3 ({@code select},
     *     {@code clamp}, scatter: operand, indices, updates), or {@link #VARIADIC}
     */
    public int arity() {
        return arity;
    }

    /**
     * Whether the operation is defined for operands of {@code dtype}: the hot-path form of
     * {@link #dtypes()} (one shift and one mask; allocates nothing).
     *
     * @param dtype the operands' dtype (for gather and scatter the operand's, for {@code select} the
     *     values')
     * @return true if defined; every provider computes exactly the defined pairs and refuses the others
     */
    public boolean accepts(DType dtype) {
        return (mask >>> dtype.ordinal() & 1) != 0;
    }

    /** @return bit {@code d.ordinal()} set for every accepted dtype {@code d} */
    int mask() {
        return mask;
    }

    /**
     * Whether the operation widens operands of {@code dtype} before it runs: an accepted dtype whose
     * {@link #computeType} differs from it (I32 for {@code exp}, BOOL for {@code sum}). The hot-path form
     * (one shift and one mask); providers' hooks ask it first and hand such operands to
     * {@code org.ferrite.api.spi.Widening}.
     *
     * @param dtype the operand's dtype
     * @return true if {@code dtype} is accepted and widened
     */
    public boolean widens(DType dtype) {
        return (widenMask >>> dtype.ordinal() & 1) != 0;
    }

    /**
     * Whether a kernel computes the operation on operands of {@code dtype} as they are: accepted and not
     * {@linkplain #widens widened}. The CPU provider's generator makes a loop for exactly these pairs.
     *
     * @param dtype the operand's dtype
     * @return true if defined for {@code dtype} and computed in it
     */
    public boolean computesIn(DType dtype) {
        return accepts(dtype) && !widens(dtype);
    }

    /**
     * The dtype the operation computes in for operands of {@code operand}: the result dtype for a
     * {@link Result#COUNTING} or {@link Result#FLOATING} row (the operand is converted first, as NumPy
     * converts integers to float64 for {@code exp}), the operand's own dtype for every other rule.
     *
     * @param operand the operands' dtype
     * @return the dtype the kernel reads
     */
    public DType computeType(DType operand) {
        return result == Result.COUNTING || result == Result.FLOATING ? resultType(operand) : operand;
    }

    /** @return the accepted dtypes, in {@link DType} order (unmodifiable) */
    public Set<DType> dtypes() {
        return dtypes;
    }

    /** @return the rule that gives the result dtype */
    public Result result() {
        return result;
    }

    /**
     * @param operand the operands' dtype, one this row {@link #accepts}
     * @return the result dtype: the operand's, {@code BOOL}, the operand's real type, {@code I64}, or the
     *     widened type, as {@link #result()} says
     * @throws IllegalStateException for a {@link Result#TARGET} row ({@code cast}, {@code convert},
     *     {@code eye}), whose result is the dtype the caller asks for
     */
    public DType resultType(DType operand) {
        switch (result) {
            case SAME:
                return operand;
            case BOOL:
                return DType.BOOL;
            case REAL:
                return operand.realType();
            case INDEX:
                return DType.I64;
            case COUNTING:
                return operand == DType.BOOL ? DType.I64 : operand;
            case FLOATING:
                return operand.isFloating() ? operand : DType.F64;
            default:
                throw new IllegalStateException(name + " converts to the dtype its caller asks for");
        }
    }

    /**
     * @return the operation's domain limits and the failures they raise, in words (for example
     *     "integer division by zero → NumericalFailureException, nothing written"); empty if none
     */
    public String domain() {
        return domain;
    }

    /**
     * @return the NumPy function that computes the same ({@code "add"}, {@code "arctan2"},
     *     {@code "maximum.at"} for a scatter mode), or SciPy's, qualified ({@code "scipy.special.erf"}), where
     *     NumPy has none; empty where neither has a function of its own ({@code rsqrt}, slicing)
     */
    public String numpyName() {
        return numpyName;
    }

    /** @return the accepted dtypes as messages list them, e.g. {@code "I32, I64, F32, F64"} */
    public String dtypeList() {
        return dtypeList;
    }

    /** @return the row as messages name it: {@code "add"}, {@code "scatter mode MAX"} */
    @Override
    public String toString() {
        return label;
    }
}
