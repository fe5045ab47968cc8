//! A test template whose region is not closed.
class Unclosed {
    // @each OP
    void f() {
    }
}
