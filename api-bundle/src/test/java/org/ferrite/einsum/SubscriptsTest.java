package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SubscriptsTest {
    private static ValidationException failure(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        return catchThrowableOfType(ValidationException.class, call);
    }

    private static final int A = 0;
    private static final int I = LabelNames.labelOf('i');
    private static final int J = LabelNames.labelOf('j');
    private static final int K = LabelNames.labelOf('k');
    private static final int E = Subscripts.ELLIPSIS;

    @Test
    void lettersHaveNumpysSublistValues() {
        assertThat(LabelNames.labelOf('A')).isZero();
        assertThat(LabelNames.labelOf('Z')).isEqualTo(25);
        assertThat(LabelNames.labelOf('a')).isEqualTo(26);
        assertThat(LabelNames.labelOf('z')).isEqualTo(51);
        assertThat(LabelNames.labelOf('1')).isEqualTo(-1);
    }

    @Test
    void anExplicitOutputIsKeptAsWritten() {
        Subscripts s = Subscripts.parse("ij,jk->ik");
        assertThat(s.inputCount()).isEqualTo(2);
        assertThat(s.input(0)).containsExactly(I, J);
        assertThat(s.input(1)).containsExactly(J, K);
        assertThat(s.output()).containsExactly(I, K);
        assertThat(s.explicitOutput()).isTrue();
        assertThat(s.notation()).isEqualTo("ij,jk->ik");
    }

    @Test
    void theImpliedOutputIsTheOnceOnlyLabelsSortedByCharacterCode() {
        assertThat(Subscripts.parse("ij,jk").output()).containsExactly(I, K);
        assertThat(Subscripts.parse("ba").output()).containsExactly(LabelNames.labelOf('a'), LabelNames.labelOf('b'));
        // upper case sorts before lower case, as NumPy's character codes
        assertThat(Subscripts.parse("aA").notation()).isEqualTo("aA->Aa");
        assertThat(Subscripts.parse("ii").output()).isEmpty();
        assertThat(Subscripts.parse("i,i").output()).isEmpty();
        assertThat(Subscripts.parse("ij,jk").explicitOutput()).isFalse();
    }

    @Test
    void anEllipsisComesFirstInTheImpliedOutput() {
        assertThat(Subscripts.parse("...ij,...jk").output()).containsExactly(E, I, K);
        assertThat(Subscripts.parse("i...i").output()).containsExactly(E);
        assertThat(Subscripts.parse("a...b").input(0)).containsExactly(LabelNames.labelOf('a'), E,
                LabelNames.labelOf('b'));
    }

    @Test
    void spacesAreIgnoredAndEmptyTermsAreScalars() {
        assertThat(Subscripts.parse(" ij, jk -> ik ")).isEqualTo(Subscripts.parse("ij,jk->ik"));
        Subscripts scalarTimesVector = Subscripts.parse(",i->i");
        assertThat(scalarTimesVector.input(0)).isEmpty();
        assertThat(Subscripts.parse("").inputCount()).isEqualTo(1);
        assertThat(Subscripts.parse("ij->").output()).isEmpty();
    }

    @Test
    void aRepeatedOutputLabelIsAllowedForEmbedding() {
        assertThat(Subscripts.parse("i->ii").output()).containsExactly(I, I);
    }

    @Test
    void stringAndSublistNotationsAreEqualByMeaning() {
        Subscripts parsed = Subscripts.parse("ij,jk->ik");
        Subscripts implied = Subscripts.parse("ij,jk");
        Subscripts sublists = Subscripts.of(new int[][] {{I, J}, {J, K}}, new int[] {I, K});
        Subscripts impliedSublists = Subscripts.of(new int[][] {{I, J}, {J, K}});
        assertThat(implied).isEqualTo(parsed).isEqualTo(sublists).isEqualTo(impliedSublists);
        assertThat(implied.hashCode()).isEqualTo(sublists.hashCode());
        assertThat(parsed).isNotEqualTo(Subscripts.parse("ij,jk->ki"));
    }

    @Test
    void sublistLabelsAreUnboundedAndRenderAsSublists() {
        Subscripts big = Subscripts.of(new int[][] {{0, 1000}, {1000, 70}, {E, 70}});
        assertThat(big.output()).containsExactly(E, 0);
        assertThat(big.notation()).isEqualTo("[[0, 1000], [1000, 70], [..., 70]] -> [..., 0]");
        assertThat(Subscripts.of(new int[][] {{A, 30}}).notation()).isEqualTo("Ae->Ae");
    }

    @Test
    void accessorsReturnCopies() {
        Subscripts s = Subscripts.parse("ij,jk->ik");
        s.input(0)[0] = 99;
        s.output()[0] = 99;
        assertThat(s.input(0)[0]).isEqualTo(I);
        assertThat(s.output()[0]).isEqualTo(I);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "ij,j1->i    | 4  | '1'",
        "ij,jk-ik    | 5  | '-'",
        "ij,jk>ik    | 5  | '>'",
        "i.j,jk      | 1  | '.'",
        "ij..,jk     | 2  | '.'",
        "i...j...,jk | 5  | a second '...'",
        "ij,jk->ik->i| 9  | a second '->'",
        "ij,jk->i,k  | 8  | ','",
        "ij,jk->iz   | 8  | 'z'",
        "ij,jk->i$   | 8  | '$'"})
    void malformedSubscriptsPointAtTheOffendingCharacter(String text, int index, String got) {
        ValidationException e = failure(() -> Subscripts.parse(text));
        assertThat(e).as(text).isNotNull();
        assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
        assertThat(e.argument()).isEqualTo("subscripts");
        assertThat(e.op()).isEqualTo("einsum");
        assertThat(e.actual()).startsWith(got + " at index " + index + " of \"" + text + "\"");
        String[] lines = e.getMessage().split("\n");
        assertThat(lines[1]).isEqualTo("  " + text);
        assertThat(lines[2]).startsWith("  " + " ".repeat(index) + "^");
    }

    @Test
    void malformedSublistsNameTheEntry() {
        ValidationException negative = failure(() -> Subscripts.of(new int[][] {{0, -3}}));
        assertThat(negative.argument()).isEqualTo("subscripts");
        assertThat(negative.getMessage()).contains("sublist 0 entry 1").contains("-3");
        ValidationException twoEllipses = failure(() -> Subscripts.of(new int[][] {{E, 1, E}}));
        assertThat(twoEllipses.getMessage()).contains("sublist 0 entry 2");
        ValidationException unknownOutput = failure(() -> Subscripts.of(new int[][] {{0, 1}},
                new int[] {7}));
        assertThat(unknownOutput.getMessage()).contains("output sublist entry 0").contains("7");
        ValidationException none = failure(() -> Subscripts.of(new int[0][]));
        assertThat(none.getMessage()).contains("at least one input sublist");
    }

    @Test
    void aMalformedHugeSubscriptStringGivesABoundedMessage() {
        String huge = "ab".repeat(2_000_000) + "!" + "cd".repeat(2_000_000); // 8 MB, a bad character mid-way
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> Subscripts.parse(huge));
        assertThat(e.getMessage()).hasSizeLessThan(1_000).contains("at index 4000000",
                "… (" + (huge.length() - 200) + " more characters)");
        // the window around the offending character shows it, with the caret under it
        String[] lines = e.getMessage().split("\n");
        String window = lines[lines.length - 2];
        String caret = lines[lines.length - 1];
        assertThat(window.charAt(caret.indexOf('^'))).isEqualTo('!');
        assertThat(caret.substring(0, caret.indexOf('^')).isBlank()).isTrue();
    }

    @Test
    void aShortMalformedStringIsQuotedWhole() {
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> Subscripts.parse("ij,j!->i"));
        assertThat(e.getMessage()).contains("at index 4 of \"ij,j!->i\":\n  ij,j!->i\n      ^");
    }
}
