//! A test template: F64 stands for the dtype, double for its element type.
class F64Probe {
    // @each OP
    double addRun(double x, double y, F32 z,
            float w) {
        return /*@f*/x + y/*@*/;
    }
    // @end-each
    void handWrapped(int first,
            int second) {
    }
}
