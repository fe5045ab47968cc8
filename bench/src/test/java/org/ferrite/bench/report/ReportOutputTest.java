package org.ferrite.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The report's outputs without running JMH: rows are built from made-up measurements of every case
 * of the full suite, then rendered. Proves the summary line, the ratio targets judged as ratios, the
 * ratio columns' direction, and that the SVG chart parses and holds one series per sized case label.
 */
class ReportOutputTest {
    private static final String SVG = "http://www.w3.org/2000/svg";
    private static final Environment NATIVE_PEER = new Environment("test cpu", 2, "Linux", 0.5, 0.5, "test jdk",
            "native test", "dev.ludovic.netlib.blas.JNIBLAS", "native liblapack.so.3 (test)");

    /** A measurement of every case; {@code medians} overrides the default time of a method at a size. */
    private static List<CaseResult> measure(Map<String, Double> medians) {
        List<CaseResult> results = new ArrayList<>();
        for (ReportCase c : ReportSuite.cases(true)) {
            double t = medians.getOrDefault(c.method() + "@" + c.value(), 10.0 + c.value() * 3.0);
            results.add(new CaseResult(c, t, t * 0.9, t * 1.1, t, t * 0.05, 20, 0, null));
        }
        return results;
    }

    @Test
    void theReportEndsWithTheSummaryLineCountingJudgedTargets() {
        List<ReportRow> rows = Targets.rows(measure(Map.of()), NATIVE_PEER);
        long withTarget = rows.stream().filter(r -> !r.target().isEmpty()).count();
        long met = rows.stream().filter(r -> r.verdict().startsWith("met")).count();
        long notJudged = rows.stream().filter(r -> r.verdict().startsWith("n/a")).count();

        String summary = Targets.summary(rows);

        assertThat(summary).startsWith("targets met: " + met + "/" + (withTarget - notJudged));
        String markdown = MarkdownReport.render(rows, NATIVE_PEER, Protocol.QUICK, "now");
        String[] lines = markdown.strip().split("\n");
        assertThat(lines[lines.length - 1]).isEqualTo(summary);
        assertThat(JsonReport.render(rows, NATIVE_PEER, Protocol.QUICK, "now"))
                .contains("\"summary\": \"" + summary + "\"");
    }

    @Test
    void heldSinglesVerdictStatesItsCostOverHeldIntoBesideTheBareArray() {
        List<ReportRow> rows = Targets.rows(measure(Map.of("heldSingle@2", 30.0, "heldInto@2", 18.0,
                "floorNewArray@2", 9.5)), NATIVE_PEER);
        ReportRow single = rows.stream().filter(r -> r.result().reportCase().method().equals("heldSingle")
                && r.result().reportCase().value() == 2).findFirst().orElseThrow();
        assertThat(single.verdict()).isEqualTo("MISSED (1.67× > 1.5×); 12.0 ns over held/into, a new double[2]"
                + " alone 9.5 ns");
    }

    @Test
    void aFailedCaseCountsAsAMissedTargetAndNotApplicableOnesAreNotJudged() {
        List<CaseResult> results = new ArrayList<>();
        for (CaseResult r : measure(Map.of())) {
            results.add(r.reportCase().method().equals("entryScopedEmpty") ? CaseResult.failed(r.reportCase(), "boom")
                    : r);
        }
        Environment javaPeer = new Environment("test cpu", 2, "Linux", 0.5, 0.5, "test jdk", "Java kernels",
                "dev.ludovic.netlib.blas.Java11BLAS", "unavailable (test)");
        List<ReportRow> rows = Targets.rows(results, javaPeer);
        long judged = rows.stream().filter(r -> !r.target().isEmpty() && !r.verdict().startsWith("n/a")).count();
        long met = rows.stream().filter(r -> r.verdict().startsWith("met")).count();

        assertThat(rows.stream().filter(r -> r.verdict().equals("FAILED")).count()).isEqualTo(1);
        assertThat(Targets.summary(rows)).isEqualTo("targets met: " + met + "/" + judged + " ("
                + rows.stream().filter(r -> r.verdict().startsWith("n/a")).count()
                + " more not judged on this machine: n/a)");
    }

    @Test
    void targetsStatedAsRatiosAreJudgedAsTheRatioTheyState() {
        Map<String, Double> medians = new LinkedHashMap<>();
        medians.put("heldInto@95", 140_000.0); // 1.4× a slow dgemv: within "≤ 1.5× dgemv" however long it takes
        medians.put("blasDgemv@95", 100_000.0);
        medians.put("heldInto@256", 13.0); // 1.3× a fast dgemv: misses "≤ 1.2× dgemv" however short it is
        medians.put("blasDgemv@256", 10.0);
        medians.put("ferriteJava@512", 40.0); // 2.5× EJML's speed: "≥ 2× EJML speed" met
        medians.put("ejmlMult@512", 100.0);
        medians.put("blasDgemm@512", 60.0); // 1.5× native's speed: "≥ 0.5× native speed" met
        medians.put("ferriteJava2Threads@1024", 70.0); // 1.57× one thread's speed: "≥ 1.8× 1 thread" missed
        medians.put("ferriteJava@1024", 110.0);
        medians.put("ferriteJavaVector@512", 90.0); // 0.67× native's speed: "≥ 0.7× native speed" missed
        medians.put("ferriteJavaVector@1024", 95.0);
        medians.put("ferriteJava2ThreadsVector@1024", 50.0); // 1.90× its own one-thread arm: met
        medians.put("heldInto@8", 50.0); // 1.25× the faster peer (dgemv): "≤ 1.2× min(hand loop, dgemv)" missed
        medians.put("floorHandLoop@8", 45.0);
        medians.put("blasDgemv@8", 40.0);
        medians.put("chainPrecompiled@16", 115.0); // 1.15× the prepared pair: "≤ 1.1× prepared pair" missed
        medians.put("chainHandPrepared@16", 100.0);
        medians.put("heldPreparedInto@2", 12.0); // 1.5× the hand loop: "≤ 1.5× hand loop" met at the bound
        medians.put("floorHandLoop@2", 8.0);
        medians.put("heldInto@2", 15.0);
        medians.put("heldIntoFreshOperands@2", 18.3); // 1.22× held/into: "≤ 1.2× held/into" missed
        List<ReportRow> rows = Targets.rows(measure(medians), NATIVE_PEER);

        assertThat(verdict(rows, "heldInto", 95)).isEqualTo("met (1.40× ≤ 1.5×)");
        assertThat(verdict(rows, "heldInto", 256)).isEqualTo("MISSED (1.30× > 1.2×)");
        assertThat(verdict(rows, "ferriteJava", 512)).isEqualTo("met (EJML 2.50× ≥ 2×; native 1.50× ≥ 0.5×)");
        assertThat(verdict(rows, "ferriteJava2Threads", 1024)).isEqualTo("MISSED (1.57× < 1.8×)");
        assertThat(verdict(rows, "ferriteJavaVector", 512)).isEqualTo("MISSED (0.67× < 0.7×)");
        assertThat(verdict(rows, "ferriteJava2ThreadsVector", 1024)).isEqualTo("met (1.90× ≥ 1.8×)");
        assertThat(verdict(rows, "heldInto", 8)).isEqualTo("MISSED (1.25× > 1.2×)");
        assertThat(verdict(rows, "chainPrecompiled", 16)).isEqualTo("MISSED (1.15× > 1.1×)");
        assertThat(verdict(rows, "heldPreparedInto", 2)).isEqualTo("met (1.50× ≤ 1.5×)");
        assertThat(verdict(rows, "heldIntoFreshOperands", 2)).isEqualTo("MISSED (1.22× > 1.2×)");
    }

    @Test
    void everyRatioColumnSaysWhichWayIsBetter() {
        List<ReportRow> rows = Targets.rows(measure(Map.of()), NATIVE_PEER);
        String header = MarkdownReport.render(rows, NATIVE_PEER, Protocol.QUICK, "now").lines()
                .filter(l -> l.startsWith("| case |")).findFirst().orElseThrow();

        List<String> ratioColumns = new ArrayList<>();
        for (String column : header.split("\\|")) {
            if (column.contains("×")) {
                ratioColumns.add(column.trim());
            }
        }
        assertThat(ratioColumns).hasSize(3).allSatisfy(c -> assertThat(c).endsWith("(lower is better)"));
        assertThat(JsonReport.render(rows, NATIVE_PEER, Protocol.QUICK, "now")).contains("lower is better");
    }

    @Test
    void theSvgChartParsesAndNamesEverySeriesWithOnePointPerSizeOrOneBar() throws Exception {
        List<ReportRow> rows = Targets.rows(measure(Map.of()), NATIVE_PEER);
        Map<String, Set<Integer>> sized = new LinkedHashMap<>();
        Set<String> fixed = new TreeSet<>();
        for (ReportCase c : ReportSuite.cases(true)) {
            if (c.parameter() != null) {
                sized.computeIfAbsent(c.label(), l -> new TreeSet<>()).add(c.value());
            } else {
                fixed.add(c.label());
            }
        }

        Document svg = parse(SvgChart.render(rows, "test <report> & chart"));

        assertThat(svg.getDocumentElement().getLocalName()).isEqualTo("svg");
        NodeList groups = svg.getElementsByTagNameNS(SVG, "g");
        Map<String, Integer> points = new LinkedHashMap<>();
        Set<String> bars = new TreeSet<>();
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals("series")) {
                String name = g.getAttribute("data-series");
                assertThat(g.getElementsByTagNameNS(SVG, "title").item(0).getTextContent()).startsWith(name);
                if (g.getElementsByTagNameNS(SVG, "polyline").getLength() == 1) {
                    points.merge(name, g.getElementsByTagNameNS(SVG, "circle").getLength(), Integer::sum);
                } else {
                    assertThat(g.getElementsByTagNameNS(SVG, "rect").getLength()).as(name).isEqualTo(1);
                    bars.add(name);
                }
            }
        }
        assertThat(points.keySet()).containsExactlyInAnyOrderElementsOf(sized.keySet());
        sized.forEach((label, sizes) -> assertThat(points.get(label)).as(label).isEqualTo(sizes.size()));
        assertThat(bars).containsExactlyInAnyOrderElementsOf(fixed);
        assertThat(svg.getElementsByTagNameNS(SVG, "title").item(0).getTextContent())
                .isEqualTo("test <report> & chart");
    }

    @Test
    void everyFerriteRowSharesOnePanelWithItsPeers() throws Exception {
        Document svg = parse(SvgChart.render(Targets.rows(measure(Map.of()), NATIVE_PEER), "t"));
        Map<String, String> panelOf = new LinkedHashMap<>();
        NodeList groups = svg.getElementsByTagNameNS(SVG, "g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals("series")) {
                String panel = ((Element) g.getParentNode()).getAttribute("data-panel");
                assertThat(panelOf.put(g.getAttribute("data-series"), panel)).as("%s drawn once",
                        g.getAttribute("data-series")).isNull();
            }
        }
        // the linear-algebra rows once shared a panel per size with their peers, one point each
        assertThat(panelOf.get("linalg/svd F64")).isEqualTo(panelOf.get("lapack/svd F64"))
                .isEqualTo(panelOf.get("ejml/svd F64"));
        assertThat(panelOf.get("held/into")).isEqualTo(panelOf.get("blas/dgemv")).isEqualTo(panelOf.get(
                "floor/hand_loop"));
        assertThat(panelOf.get("batched/held_into")).isEqualTo(panelOf.get("batched/ojalgo_loop"));
        assertThat(panelOf.get("einsum/chain_precompiled")).isEqualTo(panelOf.get("einsum/chain_hand_prepared"));
        assertThat(panelOf.get("linalg/batch 1000×4×4 qr")).isEqualTo(panelOf.get("lapack/batch 1000×4×4 qr"));
    }

    @Test
    void failedCasesAreLeftOffTheChart() throws Exception {
        List<CaseResult> results = new ArrayList<>();
        for (CaseResult r : measure(Map.of())) {
            results.add(r.reportCase().label().equals("blas/dgemv") ? CaseResult.failed(r.reportCase(), "x") : r);
        }
        String chart = SvgChart.render(Targets.rows(results, NATIVE_PEER), "t");

        parse(chart);
        assertThat(chart).doesNotContain("data-series=\"blas/dgemv\"").contains("data-series=\"entry/scoped_empty\"")
                .contains("data-series=\"held/into\"");
    }

    @Test
    void theQuickReportIsTheSeedsTableWithTheHeadlineRowsAndFullRunsEveryCase() {
        List<String> quick = ReportSuite.cases(false).stream().map(ReportCase::title).toList();
        List<String> full = ReportSuite.cases(true).stream().map(ReportCase::title).toList();
        assertThat(full).containsAll(quick).doesNotHaveDuplicates();
        for (int size : new int[] {2, 95, 256}) {
            for (String label : new String[] {"held/single", "held/into", "held/chain16 (per op)", "floor/hand_loop",
                "blas/dgemv"}) {
                assertThat(quick).contains(label + " @ size=" + size);
            }
        }
        assertThat(quick).contains("entry/scoped_empty", "entry/held_open_close", "held/prepared_into @ size=2",
                "held/into_fresh_operands @ size=2", "batched/held_into", "batched/ojalgo_loop",
                "einsum/chain_precompiled @ n=16", "einsum/chain_hand_prepared @ n=16", "einsum/batched_precompiled");
        assertThat(quick).noneMatch(t -> t.startsWith("gemm/") || t.startsWith("linalg/"));
        assertThat(full).anyMatch(t -> t.startsWith("gemm/")).anyMatch(t -> t.startsWith("linalg/"));
        assertThat(quick.size()).as("forks of the quick report (about 3 minutes)").isLessThanOrEqualTo(32);
    }

    @Test
    void everyTargetGetsOneVerdictLine() {
        List<ReportRow> rows = Targets.rows(measure(Map.of()), NATIVE_PEER);
        List<String> lines = Targets.verdictLines(rows);
        assertThat(lines).hasSize((int) rows.stream().filter(r -> !r.target().isEmpty()).count())
                .allSatisfy(l -> assertThat(l).startsWith("- ").contains(" — ").doesNotContain("\n"));
        assertThat(MarkdownReport.render(rows, NATIVE_PEER, Protocol.QUICK, "now")).contains(String.join("\n",
                lines));
    }

    @Test
    void theChartIsWrittenBesideTheJson() {
        assertThat(ReportCommand.svgBeside(Path.of("target", "report.json"))).isEqualTo(Path.of("target", "report.svg"));
        assertThat(ReportCommand.svgBeside(Path.of("out"))).isEqualTo(Path.of("out.svg"));
    }

    private static String verdict(List<ReportRow> rows, String method, int value) {
        return rows.stream().filter(r -> r.result().reportCase().method().equals(method)
                && r.result().reportCase().value() == value).findFirst().orElseThrow().verdict();
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}
