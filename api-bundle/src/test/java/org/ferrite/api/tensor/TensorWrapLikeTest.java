package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.error.ValidationException;
import org.junit.jupiter.api.Test;

/**
 * {@link Tensor#wrapLike}: the result takes the model's dtype and shape and shares the given storage
 * without copying; storage of the wrong class or too short is refused with a typed error.
 */
class TensorWrapLikeTest {

    @Test
    void takesTheDtypeAndShapeOfTheModelAndSharesTheStorage() {
        Tensor like = Tensor.zeros(DType.F64, 2, 3);
        double[] storage = {1, 2, 3, 4, 5, 6};
        Tensor t = Tensor.wrapLike(like, storage);
        assertThat(t.dtype()).isEqualTo(DType.F64);
        assertThat(t.shape()).containsExactly(2, 3);
        assertThat(t.strides()).containsExactly(1, 2);
        assertThat(t.getDouble(1, 2)).isEqualTo(6);
        storage[0] = 10;
        assertThat(t.getDouble(0, 0)).as("no copy").isEqualTo(10);
        assertThat(like.getDouble(0, 0)).as("the model is not touched").isZero();
    }

    @Test
    void complexModelsCountTwoScalarsPerElementAndLongerArraysAreAccepted() {
        Tensor like = Tensor.zeros(DType.C128, 2);
        Tensor t = Tensor.wrapLike(like, new double[] {1, 2, 3, 4, 99});
        assertThat(t.getReal(1)).isEqualTo(3);
        assertThat(t.getImag(1)).isEqualTo(4);
        assertThatThrownBy(() -> Tensor.wrapLike(like, new double[3])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("storage");
    }

    @Test
    void refusesStorageOfTheWrongClassOrTooShort() {
        Tensor like = Tensor.zeros(DType.F32, 4);
        assertThatThrownBy(() -> Tensor.wrapLike(like, new double[4])).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> Tensor.wrapLike(like, new float[3])).isInstanceOf(ValidationException.class)
                .hasMessageContaining("storage");
        assertThatThrownBy(() -> Tensor.wrapLike(like, null)).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> Tensor.wrapLike(null, new float[4])).isInstanceOf(NullPointerException.class);
    }

    @Test
    void rankZeroAndEmptyModels() {
        assertThat(Tensor.wrapLike(Tensor.scalar(0), new double[] {7}).getDouble()).isEqualTo(7);
        Tensor empty = Tensor.wrapLike(Tensor.zeros(DType.I32, 0, 5), new int[0]);
        assertThat(empty.size()).isZero();
        assertThat(empty.shape()).containsExactly(0, 5);
    }
}
