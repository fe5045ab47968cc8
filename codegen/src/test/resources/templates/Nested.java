//! A test template: a region nested in a region, a hole computed from its text.
class F64Nested {
    double apply(ReduceOp op, double x, double d) {
        switch (op) {
        // @each OP
        case SUM:
        // @each ALSO
        case MEAN:
        // @end-each
            return /*@narrow*/x / d/*@*/;
        // @end-each
        default:
            throw new IllegalStateException();
        }
    }
}
