package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.DTypeTable.Spec;
import org.ferrite.codegen.Template.Fill;

/**
 * Writes {@code <DType>Structural} from its template ({@code templates/F64Structural.java} for the five
 * storage classes: strided copy, select, fill and cast; {@code templates/C128Structural.java} for the
 * complex dtypes: cast only). The cast follows {@code StructuralOps.castInto}: Java's narrowing
 * conversions, which truncate toward zero, map NaN to 0 and saturate floating values; complex to real
 * keeps the real part; anything to BOOL is {@code != 0}; BOOL to numeric is 0/1. Thread-safe
 * (stateless after construction).
 */
final class StructuralWriter {
    private final Spec s;

    StructuralWriter(Spec s) {
        this.s = s;
    }

    String write() {
        boolean complex = s.kind == Kind.COMPLEX;
        Template template = Template.named(complex ? "C128Structural.java" : "F64Structural.java");
        List<Fill> targets = new ArrayList<>();
        List<Fill> realTargets = new ArrayList<>();
        List<Fill> complexTargets = new ArrayList<>();
        for (Spec t : Spec.ALL) {
            if (t == s) {
                continue;
            }
            targets.add(Fill.dtype(Spec.F32, t));
            if (t.kind == Kind.COMPLEX) {
                complexTargets.add(Fill.dtype(Spec.C64, t).hole("re", real(t)).hole("im", imaginary(t)));
            } else {
                realTargets.add(Fill.dtype(Spec.F32, t).hole("re", real(t)));
            }
        }
        return template.fill(Fill.dtype(complex ? Spec.C128 : Spec.F64, s),
                Map.of("TARGET", targets, "REAL_TARGET", realTargets, "COMPLEX_TARGET", complexTargets));
    }

    /** The loaded source ({@code x}, or {@code xr}, {@code xi}) converted to {@code t}'s (real) element. */
    private String real(Spec t) {
        if (t.kind == Kind.BOOL) {
            return s.kind == Kind.COMPLEX ? "xr != 0 || xi != 0" : "x != 0";
        }
        return s.kind == Kind.BOOL ? "x ? 1 : 0" : convert(s.kind == Kind.COMPLEX ? "xr" : "x", t);
    }

    /** The imaginary part of the source converted to complex {@code t}. */
    private String imaginary(Spec t) {
        return s.kind == Kind.COMPLEX ? convert("xi", t) : "0";
    }

    private String convert(String value, Spec t) {
        return s.prim.equals(t.prim) ? value : "(" + t.prim + ") " + value;
    }
}
