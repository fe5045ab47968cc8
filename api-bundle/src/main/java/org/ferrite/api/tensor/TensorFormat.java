package org.ferrite.api.tensor;

import java.util.Locale;

/**
 * NumPy-like text for tensors: nested brackets in <em>index</em> order (the last axis innermost, as
 * NumPy prints, whatever the storage layout), at most {@value #EDGE} leading and trailing entries per
 * axis with "..." between for large tensors, and a header line with dtype and shape.
 */
final class TensorFormat {
    static final int EDGE = 3;
    private static final int SUMMARISE_ABOVE = 1000;

    private TensorFormat() {
    }

    static String format(TensorRead t, String kind) {
        StringBuilder b = new StringBuilder(64);
        b.append(kind).append('(').append(t.dtype()).append(", shape=").append(java.util.Arrays.toString(t.shape()));
        if (!t.placement().isHost()) {
            b.append(", ").append(t.placement()).append(')');
            return b.toString();
        }
        b.append(")\n");
        boolean summarise = t.size() > SUMMARISE_ABOVE;
        long[] index = new long[t.rank()];
        appendAxis(b, t, index, 0, summarise, 1);
        return b.toString();
    }

    private static void appendAxis(StringBuilder b, TensorRead t, long[] index, int axis, boolean summarise,
            int indent) {
        if (axis == t.rank()) {
            appendElement(b, t, t.elementOffset(index));
            return;
        }
        long n = t.dim(axis);
        b.append('[');
        for (long i = 0; i < n; i++) {
            if (summarise && n > 2 * EDGE && i == EDGE) {
                b.append(axis == t.rank() - 1 ? "..., " : "...,\n" + " ".repeat(indent));
                i = n - EDGE;
            }
            index[axis] = i;
            appendAxis(b, t, index, axis + 1, summarise, indent + 1);
            if (i < n - 1) {
                b.append(axis == t.rank() - 1 ? ", " : ",\n" + " ".repeat(indent));
            }
        }
        b.append(']');
    }

    private static void appendElement(StringBuilder b, TensorRead t, long element) {
        DType d = t.dtype();
        if (d == DType.BOOL) {
            b.append(ElementAccess.getBoolean(t, element));
        } else if (d.isInteger()) {
            b.append(ElementAccess.getLong(t, element));
        } else if (d.isComplex()) {
            double re = ElementAccess.getReal(t, element, "toString", false);
            double im = ElementAccess.getImag(t, element);
            b.append(number(re)).append(im < 0 || (im == 0 && 1 / im < 0) ? "-" : "+")
                    .append(number(Math.abs(im))).append('j');
        } else if (d == DType.F16 || d == DType.BF16) {
            b.append(shortest(ElementAccess.getReal(t, element, "toString", true), d));
        } else {
            b.append(number(ElementAccess.getReal(t, element, "toString", true)));
        }
    }

    /**
     * NumPy's text for {@code float16} (and {@code ml_dtypes}' for bfloat16): the fewest significant
     * digits that read back as the same value of the dtype, so the F16 nearest to 0.1 prints as
     * {@code 0.1}, not as its exact value 0.099975586.
     */
    static String shortest(double v, DType dtype) {
        if (Double.isNaN(v) || Double.isInfinite(v) || v == Math.rint(v) && Math.abs(v) < 1e16) {
            return number(v);
        }
        short bits = dtype == DType.F16 ? HalfFloats.toF16(v) : HalfFloats.toBf16(v);
        for (int digits = 1; digits < 8; digits++) {
            String text = String.format(Locale.ROOT, "%." + digits + "g", v);
            double back = Double.parseDouble(text);
            if ((dtype == DType.F16 ? HalfFloats.toF16(back) : HalfFloats.toBf16(back)) == bits) {
                return trimmed(text);
            }
        }
        return number(v);
    }

    /**
     * NumPy-like: integral values as {@code 3.0}, others with up to 8 significant digits and no trailing
     * zeros ({@code 0.1}, {@code 0.33333333}, {@code 1.5e-07}), and {@code nan}, {@code inf}, {@code -inf}.
     */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e16) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return trimmed(String.format(Locale.ROOT, "%.8g", v));
    }

    /** A {@code %g} text without trailing zeros in its mantissa ({@code 1.50000e-07} → {@code 1.5e-07}). */
    private static String trimmed(String s) {
        int e = s.indexOf('e');
        String mantissa = e < 0 ? s : s.substring(0, e);
        String exponent = e < 0 ? "" : s.substring(e);
        if (mantissa.indexOf('.') >= 0) {
            int end = mantissa.length();
            while (mantissa.charAt(end - 1) == '0') {
                end--;
            }
            mantissa = mantissa.substring(0, end);
            if (mantissa.endsWith(".")) {
                mantissa += "0";
            }
        }
        return mantissa + exponent;
    }
}
