package org.ferrite.codegen;

import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;

/**
 * The one dtype table of the generated code: every dtype of {@code org.ferrite.api.tensor.DType}
 * ({@code DTypeTableTest} checks that none is missing; {@link Spec#ALL} has loops, {@link Spec#STAGED} runs
 * on its compute type's), its family, its Java element (component) type
 * and its storage; which operations each has is the API's operation table ({@link DefinedOps}). The
 * loop writers, the dispatch template's dtype sets and the names of the {@code Float} variants all read
 * it. Not thread-safe to modify; it is never modified (constants only).
 */
final class DTypeTable {
    private DTypeTable() {
    }

    enum Kind {
        BOOL, INT, REAL, COMPLEX,
        /** Stored narrower than it computes: no loops of its own (see {@link Spec#STAGED}). */
        STAGED
    }

    /** One dtype: its family, Java element (component) type and storage lanes. */
    static final class Spec {
        static final Spec BOOL = new Spec("BOOL", "Bool", Kind.BOOL, "boolean", "Boolean");
        static final Spec I32 = new Spec("I32", "I32", Kind.INT, "int", "Integer");
        static final Spec I64 = new Spec("I64", "I64", Kind.INT, "long", "Long");
        static final Spec F32 = new Spec("F32", "F32", Kind.REAL, "float", "Float");
        static final Spec F64 = new Spec("F64", "F64", Kind.REAL, "double", "Double");
        static final Spec C64 = new Spec("C64", "C64", Kind.COMPLEX, "float", "Float");
        static final Spec C128 = new Spec("C128", "C128", Kind.COMPLEX, "double", "Double");
        static final Spec[] ALL = {BOOL, I32, I64, F32, F64, C64, C128};
        static final Spec F16 = new Spec("F16", "F16", Kind.STAGED, "short", "Short");
        static final Spec BF16 = new Spec("BF16", "BF16", Kind.STAGED, "short", "Short");
        static final Spec I8 = new Spec("I8", "I8", Kind.STAGED, "byte", "Byte");
        static final Spec U8 = new Spec("U8", "U8", Kind.STAGED, "byte", "Byte");
        /**
         * The narrow dtypes, stored in {@code short[]} (F16, BF16: raw bits) and {@code byte[]} (I8, U8):
         * no generated loops; the CPU provider widens them exactly to their compute type (F32, I32), runs
         * its loops and stores back rounded to nearest even (wrapped), and the generator checks that the
         * operation table defines every operation of theirs for the compute type
         * ({@link DefinedOps#requireStagedCoverage}).
         */
        static final Spec[] STAGED = {F16, BF16, I8, U8};

        final String dtypeName;
        final String dtype;
        final Kind kind;
        final String prim;
        final String box;

        Spec(String dtypeName, String classPrefix, Kind kind, String prim, String box) {
            this.dtypeName = dtypeName;
            this.dtype = classPrefix;
            this.kind = kind;
            this.prim = prim;
            this.box = box;
        }

        int lanes() {
            return kind == Kind.COMPLEX ? 2 : 1;
        }

        String array() {
            return prim + "[]";
        }

        boolean isFloat() {
            return prim.equals("float");
        }

        /** The real dtype sharing this dtype's storage class (F64 for C128), or this one. */
        Spec storageSpec() {
            return this == C64 ? F32 : this == C128 ? F64 : this;
        }

        /** {@code NARROW(e)}: rounds a double expression to this element type. */
        String narrow(String e) {
            return isFloat() ? "(float) (" + e + ")" : e;
        }

        String literal(double v) {
            String text;
            if (v == Double.POSITIVE_INFINITY) {
                text = box + ".POSITIVE_INFINITY";
            } else if (v == Double.NEGATIVE_INFINITY) {
                text = box + ".NEGATIVE_INFINITY";
            } else if (kind == Kind.INT) {
                text = prim.equals("long") ? (long) v + "L" : String.valueOf((long) v);
            } else {
                text = (Double.doubleToRawLongBits(v) == Double.doubleToRawLongBits(-0.0) ? "-0.0" : v + "")
                        + (isFloat() ? "f" : "");
            }
            return text;
        }
    }

    /** The dtype sets a dispatch template region names ({@code // @each SET}). */
    enum DTypeSet {
        /** Every dtype. */
        ALL,
        /** Every dtype the operation table ({@code OpTable}) computes a reduction in (all but BOOL, whose sum
         * and product widen to I64). */
        REDUCTIONS,
        /** Every dtype the operation table computes {@code ReduceOp.MEAN} in (F32, F64, C64, C128; the others
         * widen to F64). */
        MEAN;

        boolean contains(Spec s) {
            switch (this) {
                case ALL:
                    return true;
                case REDUCTIONS:
                    return DefinedOps.hasReductions(s);
                default:
                    return OpTable.of(ReduceOp.MEAN).computesIn(DefinedOps.dtype(s));
            }
        }
    }
}
