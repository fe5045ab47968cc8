package org.ferrite.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.ferrite.codegen.DTypeTable.Spec;
import org.junit.jupiter.api.Test;

/**
 * The dtype table is the API's dtype list: a dtype added to {@code org.ferrite.api.tensor.DType} without
 * a row here fails. The API's enum is read as source text from the repository root (like every input of
 * the generator), so the generator depends on no Ferrite artifact.
 */
class DTypeTableTest {
    private static final Pattern CONSTANT = Pattern.compile("(?m)^    ([A-Z][A-Z0-9]*)\\(");

    @Test
    void theTableHasOneRowPerApiDTypeInTheApisOrder() throws IOException {
        Path dtype = Path.of(System.getProperty("ferrite.root"),
                "api-bundle/src/main/java/org/ferrite/api/tensor/DType.java");
        Matcher m = CONSTANT.matcher(Files.readString(dtype, StandardCharsets.UTF_8));
        List<String> api = m.results().map(r -> r.group(1)).collect(Collectors.toList());
        assertThat(api).as("the constants of %s", dtype).hasSizeGreaterThanOrEqualTo(7);
        assertThat(Arrays.stream(Spec.ALL).map(s -> s.dtypeName)).containsExactlyElementsOf(api);
    }

    @Test
    void complexDTypesRunOnTheStorageOfTheirRealComponentType() {
        assertThat(Spec.C64.storageSpec()).isSameAs(Spec.F32);
        assertThat(Spec.C128.storageSpec()).isSameAs(Spec.F64);
        assertThat(Spec.F64.storageSpec()).isSameAs(Spec.F64);
    }
}
