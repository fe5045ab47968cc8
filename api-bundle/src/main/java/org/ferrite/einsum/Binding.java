package org.ferrite.einsum;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;

/**
 * {@link Subscripts} bound to operand dtypes and shapes: each ellipsis expanded to the dimensions it
 * covers (right-aligned across operands, as NumPy broadcasts), every label given a dense id and an
 * extent, and the result's dtype (NumPy promotion of the operand dtypes) and shape. A label's extent is
 * the one its axes agree on, an extent of 1 broadcasting against any other (NumPy's rule; a label
 * repeated within one operand must have equal extents there). Ids {@code 0 .. E-1} are the ellipsis
 * dimensions, left to right; the written labels follow in order of first appearance.
 *
 * <p>Thread-safe (immutable; the arrays are never mutated after construction).
 */
final class Binding {
    final Subscripts subscripts;
    final OperandSpec[] specs;
    /** Per operand, the label id of each of its axes. */
    final int[][] axisLabels;
    /** The label id of each output axis; a label may repeat (embedding). */
    final int[] outputLabels;
    /** The extent of each label id. */
    final long[] sizes;
    /** The user's label value of each id, or {@code -1 - k} for ellipsis dimension {@code k}. */
    final int[] userLabels;
    final DType resultDtype;
    final long[] resultShape;

    private Binding(Subscripts subscripts, OperandSpec[] specs, int[][] axisLabels, int[] outputLabels, long[] sizes,
            int[] userLabels) {
        this.subscripts = subscripts;
        this.specs = specs;
        this.axisLabels = axisLabels;
        this.outputLabels = outputLabels;
        this.sizes = sizes;
        this.userLabels = userLabels;
        DType d = specs[0].dtype();
        for (OperandSpec s : specs) {
            d = DType.promote(d, s.dtype());
        }
        this.resultDtype = d;
        this.resultShape = new long[outputLabels.length];
        for (int a = 0; a < outputLabels.length; a++) {
            resultShape[a] = sizes[outputLabels[a]];
        }
    }

    int operandCount() {
        return specs.length;
    }

    int labelCount() {
        return sizes.length;
    }

    /** @return the label's name for reports and messages: its letter, {@code {n}}, or {@code {e0}} */
    String name(int label) {
        int user = userLabels[label];
        return user >= 0 ? LabelNames.name(user) : "{e" + (-1 - user) + "}";
    }

    /**
     * @param subscripts the notation
     * @param specs one per term
     * @return the binding
     * @throws ValidationException for a wrong operand count, rank or extent, naming the operand and
     *     quoting its term
     */
    static Binding bind(Subscripts subscripts, OperandSpec[] specs) {
        int[][] terms = subscripts.inputsView();
        if (specs.length != terms.length) {
            throw ValidationException.invalidArgument(SubscriptErrors.OP, "operands", terms.length + " operands (one"
                    + " per input term of \"" + TensorException.excerpt(subscripts.notation()) + "\")",
                    specs.length + " operands", null);
        }
        int[] ellipsisDims = new int[terms.length];
        int ellipsis = 0;
        for (int t = 0; t < terms.length; t++) {
            ellipsisDims[t] = checkRank(subscripts, t, specs[t]);
            ellipsis = Math.max(ellipsis, ellipsisDims[t]);
        }
        Map<Integer, Integer> ids = new HashMap<>();
        IntList users = new IntList();
        for (int k = 0; k < ellipsis; k++) {
            users.add(-1 - k);
        }
        int[][] axisLabels = new int[terms.length][];
        for (int t = 0; t < terms.length; t++) {
            axisLabels[t] = axisLabels(terms[t], ellipsisDims[t], ellipsis, ids, users);
        }
        int[] outputLabels = outputLabels(subscripts, ellipsis, ids);
        long[] sizes = sizes(subscripts, specs, axisLabels, users.size());
        return new Binding(subscripts, specs.clone(), axisLabels, outputLabels, sizes, users.toArray());
    }

    /** @return the number of dimensions the term's ellipsis covers (0 without one) */
    private static int checkRank(Subscripts subscripts, int t, OperandSpec spec) {
        int[] term = subscripts.inputsView()[t];
        boolean hasEllipsis = NotationParser.indexOf(term, Subscripts.ELLIPSIS) >= 0;
        int written = hasEllipsis ? term.length - 1 : term.length;
        if (hasEllipsis ? spec.rank() < written : spec.rank() != written) {
            throw ValidationException.rankMismatch(SubscriptErrors.OP, "operands[" + t + "]", (hasEllipsis ? ">= "
                    : "") + written + " (" + subscripts.describeTerm(t) + ")", spec.rank());
        }
        return spec.rank() - written;
    }

    private static int[] axisLabels(int[] term, int dims, int ellipsis, Map<Integer, Integer> ids, IntList users) {
        int[] out = new int[term.length - (NotationParser.indexOf(term, Subscripts.ELLIPSIS) >= 0 ? 1 - dims : 0)];
        int a = 0;
        for (int label : term) {
            if (label == Subscripts.ELLIPSIS) {
                for (int k = 0; k < dims; k++) {
                    out[a++] = ellipsis - dims + k;
                }
            } else {
                out[a++] = ids.computeIfAbsent(label, l -> {
                    users.add(l);
                    return users.size() - 1;
                });
            }
        }
        return out;
    }

    private static int[] outputLabels(Subscripts subscripts, int ellipsis, Map<Integer, Integer> ids) {
        int[] output = subscripts.outputView();
        boolean hasEllipsis = NotationParser.indexOf(output, Subscripts.ELLIPSIS) >= 0;
        if (!hasEllipsis && ellipsis > 0) {
            throw ValidationException.invalidArgument(SubscriptErrors.OP, SubscriptErrors.SUBSCRIPTS, "'...' in the"
                    + " output, to place the " + ellipsis + " dimension(s) the ellipses cover", "an output without"
                    + " '...' in \"" + TensorException.excerpt(subscripts.notation()) + "\"",
                    "write the output as \"...<labels>\", or"
                    + " sum those dimensions with explicit labels");
        }
        int[] out = new int[output.length - (hasEllipsis ? 1 - ellipsis : 0)];
        int a = 0;
        for (int label : output) {
            if (label == Subscripts.ELLIPSIS) {
                for (int k = 0; k < ellipsis; k++) {
                    out[a++] = k;
                }
            } else {
                out[a++] = ids.get(label);
            }
        }
        return out;
    }

    private static long[] sizes(Subscripts subscripts, OperandSpec[] specs, int[][] axisLabels, int labelCount) {
        long[] sizes = new long[labelCount];
        int[] fromOperand = new int[labelCount];
        int[] fromAxis = new int[labelCount];
        Arrays.fill(sizes, -1);
        for (int t = 0; t < specs.length; t++) {
            int[] labels = axisLabels[t];
            for (int a = 0; a < labels.length; a++) {
                int l = labels[a];
                long d = specs[t].dim(a);
                int first = NotationParser.indexOf(labels, l);
                if (first < a && specs[t].dim(first) != d) {
                    throw ValidationException.extentMismatch(SubscriptErrors.OP, "operands[" + t + "]", a,
                            specs[t].dim(first), d, "label '" + labelName(subscripts, t, l, axisLabels) + "' repeats"
                                    + " within " + subscripts.describeTerm(t) + " (axis " + first + "), so its extents"
                                    + " must be equal there");
                }
                if (sizes[l] < 0 || sizes[l] == 1 && d != 1) {
                    sizes[l] = d;
                    fromOperand[l] = t;
                    fromAxis[l] = a;
                } else if (d != 1 && d != sizes[l]) {
                    throw ValidationException.extentMismatch(SubscriptErrors.OP, "operands[" + t + "]", a, sizes[l],
                            d, "label '" + labelName(subscripts, t, l, axisLabels) + "' has extent " + sizes[l]
                                    + " at operands[" + fromOperand[l] + "] axis " + fromAxis[l] + "; extents of one"
                                    + " label must agree or be 1 (broadcast) — " + subscripts.describeTerm(t));
                }
            }
        }
        return sizes;
    }

    private static String labelName(Subscripts subscripts, int t, int id, int[][] axisLabels) {
        int[] term = subscripts.inputsView()[t];
        int ellipsisDims = axisLabels[t].length - (term.length - (NotationParser.indexOf(term, Subscripts.ELLIPSIS)
                >= 0 ? 1 : 0));
        int a = 0;
        for (int label : term) {
            if (label == Subscripts.ELLIPSIS) {
                for (int k = 0; k < ellipsisDims; k++, a++) {
                    if (axisLabels[t][a] == id) {
                        return "... dimension " + k;
                    }
                }
            } else if (axisLabels[t][a++] == id) {
                return LabelNames.name(label);
            }
        }
        return String.valueOf(id);
    }
}
