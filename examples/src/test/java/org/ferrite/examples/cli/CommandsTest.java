package org.ferrite.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three commands run end to end on small problems and write their CSV, JSON and PNG files; a bad
 * option is a usage error.
 */
class CommandsTest {

    @Test
    void trgWritesItsTableAndPlot(@TempDir Path out) throws IOException {
        int code = ExamplesMain.run("trg", "--chi", "4", "--steps", "8", "--points", "3", "--out", out.toString(),
                "--no-progress");
        assertThat(code).isZero();
        assertThat(Files.readAllLines(out.resolve("trg.csv"))).hasSize(4).first().asString().startsWith("T,f,f_exact");
        assertThat(Files.readString(out.resolve("trg.json"))).contains("\"checks\"").contains("\"relative_error\"");
        assertPng(out.resolve("trg.png"));
    }

    @Test
    void itebdWritesItsTableTheFitAndPlot(@TempDir Path out) throws IOException {
        int code = ExamplesMain.run("itebd", "--field", "1.0", "--chi", "4,8", "--schedule", "0.1:60",
                "--out", out.toString(), "--no-progress");
        assertThat(code).isZero();
        assertThat(Files.readAllLines(out.resolve("itebd.csv"))).hasSize(3);
        assertThat(Files.readString(out.resolve("itebd.json"))).contains("\"central_charge_fit\"");
        assertPng(out.resolve("itebd.png"));
    }

    @Test
    void mpsWritesItsTablesAndPlot(@TempDir Path out) throws IOException {
        int code = ExamplesMain.run("mps", "--length", "8,12", "--chi", "4", "--repeats", "2", "--compress", "2,4",
                "--out", out.toString(), "--no-progress");
        assertThat(code).isZero();
        assertThat(Files.readAllLines(out.resolve("mps.csv"))).hasSize(3);
        assertThat(Files.readAllLines(out.resolve("mps-compression.csv"))).hasSize(3);
        assertPng(out.resolve("mps.png"));
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        assertThat(ExamplesMain.run("trg", "--no-such-option")).isEqualTo(2);
    }

    private static void assertPng(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as(png.toString()).isNotNull();
        assertThat(image.getWidth()).isGreaterThan(300);
    }
}
