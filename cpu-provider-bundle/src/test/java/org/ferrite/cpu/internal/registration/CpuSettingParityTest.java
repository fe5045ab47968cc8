package org.ferrite.cpu.internal.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.ferrite.api.error.ValidationException;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuDomain;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.TestEngines;
import org.ferrite.cpu.internal.settings.CpuSetting;
import org.junit.jupiter.api.Test;

/**
 * The settings parity test: every row of {@link CpuSetting} is settable through every route — the
 * {@link CpuBackend.Builder}, the ServiceLoader map ({@link CpuBackendProvider#create}) and
 * Configuration Admin on both Declarative Services components — and every copy of the table is
 * complete: both metatype interfaces (their methods, read by reflection; their descriptions, read from
 * the class files, where the metatype annotations stay) and the documentation tables
 * ({@link SettingsTableDocs}). Each failure names the setting and the copy that lacks it, and says what
 * to add. A new row fails here until it has a {@link #SAMPLES sample}: a value other than its default
 * and where a built backend reports it.
 */
class CpuSettingParityTest {
    private static final int FIRST_CPU = CpuDomain.available().cpus()[0];

    /** The {@code CpuBackend.Builder} methods that set several rows at once, and which. */
    private static final Map<String, List<CpuSetting>> COMBINED_BUILDER_METHODS = Map.of("indexedPlanCacheLimits",
            List.of(CpuSetting.INDEXED_PLAN_CACHE_MAX_ENTRIES, CpuSetting.INDEXED_PLAN_CACHE_MAX_BYTES));

    /** Per setting: a value as written, what a built backend then reports, and where it reports it. */
    private static final Map<CpuSetting, Sample> SAMPLES = samples();

    private record Sample(String written, Object expected, Function<CpuBackend, Object> reported) {
    }

    private static Map<CpuSetting, Sample> samples() {
        Map<CpuSetting, Sample> samples = new EnumMap<>(CpuSetting.class);
        samples.put(CpuSetting.THREADS, new Sample("1", 1, CpuBackend::threads));
        samples.put(CpuSetting.CPUS, new Sample(" " + FIRST_CPU + " ", CpuDomain.of(FIRST_CPU), CpuBackend::domain));
        samples.put(CpuSetting.PIN_CALLER, new Sample("false", false, b -> TestEngines.settings(b).pinCaller()));
        samples.put(CpuSetting.BUFFER_POOL_LIMIT_BYTES, new Sample("4_096", 4096L,
                b -> b.bufferPoolStats().limitBytes()));
        samples.put(CpuSetting.INDEXED_PLAN_CACHE_MAX_ENTRIES, new Sample("7", 7,
                b -> b.indexedPlanCacheStats().maxEntries()));
        samples.put(CpuSetting.INDEXED_PLAN_CACHE_MAX_BYTES, new Sample("700", 700L,
                b -> b.indexedPlanCacheStats().maxBytes()));
        samples.put(CpuSetting.GEMM_ROUTE, new Sample("java", GemmRoute.JAVA, CpuBackend::gemmRoute));
        samples.put(CpuSetting.LINALG_ROUTE, new Sample("Small", LinalgRoute.SMALL, CpuBackend::linalgRoute));
        samples.put(CpuSetting.LEAK_DETECTION, new Sample("true", true, b -> TestEngines.settings(b).leakDetection()));
        samples.put(CpuSetting.LONG_WAIT_WARNING_MILLIS, new Sample("2500", Duration.ofMillis(2500),
                CpuBackend::longWaitWarning));
        return samples;
    }

    @Test
    void everySettingHasASampleForTheRouteChecks() {
        assertThat(SAMPLES.keySet()).as("add a sample to CpuSettingParityTest.samples() for each new setting")
                .containsExactlyInAnyOrder(CpuSetting.values());
    }

    @Test
    void theBuilderHasAMethodForEverySettingAndNoMethodOutsideTheTable() {
        List<String> problems = new ArrayList<>();
        Set<String> builderMethods = new TreeSet<>();
        for (Method method : CpuBackend.Builder.class.getDeclaredMethods()) {
            if (Modifier.isPublic(method.getModifiers()) && !method.getName().equals("build")) {
                builderMethods.add(method.getName());
            }
        }
        for (CpuSetting setting : CpuSetting.values()) {
            boolean found = Arrays.stream(CpuBackend.Builder.class.getMethods()).anyMatch(m -> m.getName().equals(
                    setting.builderMethod()) && m.getParameterCount() == 1 && m.getReturnType() == CpuBackend.Builder.class);
            if (!found) {
                problems.add("setting '" + setting.key() + "' names CpuBackend.Builder." + setting.builderMethod()
                        + "(one argument), which the builder lacks: add it");
            }
        }
        Set<String> named = Arrays.stream(CpuSetting.values()).map(CpuSetting::builderMethod)
                .collect(Collectors.toSet());
        named.addAll(COMBINED_BUILDER_METHODS.keySet());
        builderMethods.stream().filter(m -> !named.contains(m)).forEach(m -> problems.add("CpuBackend.Builder." + m
                + " sets no row of CpuSetting: add the row (and so its ServiceLoader key, metatype attribute and"
                + " documentation line)"));
        assertThat(problems).as("builder ↔ settings table").isEmpty();
    }

    @Test
    void everySettingIsAppliedThroughTheServiceLoaderMap() {
        CpuBackendProvider provider = new CpuBackendProvider();
        for (Map.Entry<CpuSetting, Sample> entry : SAMPLES.entrySet()) {
            Sample sample = entry.getValue();
            try (CpuBackend backend = (CpuBackend) provider.create(Map.of(entry.getKey().key(), sample.written()))) {
                assertThat(sample.reported().apply(backend)).as("ServiceLoader %s=%s", entry.getKey().key(),
                        sample.written()).isEqualTo(sample.expected());
            }
        }
    }

    @Test
    void everySettingIsAppliedThroughConfigurationAdminOnBothComponents() {
        for (Map.Entry<CpuSetting, Sample> entry : SAMPLES.entrySet()) {
            CpuSetting setting = entry.getKey();
            Sample sample = entry.getValue();
            for (Object written : List.of(sample.written(), typed(setting, sample.written()))) {
                Map<String, Object> configuration = Map.of(setting.key(), written);
                for (ForwardingBackend component : List.of(singleton(configuration), factory(configuration))) {
                    try {
                        assertThat(sample.reported().apply(component.backend)).as("%s: %s=%s (%s)",
                                component.getClass().getSimpleName(), setting.key(), written,
                                written.getClass().getSimpleName()).isEqualTo(sample.expected());
                    } finally {
                        component.backend.close();
                    }
                }
            }
        }
    }

    @Test
    void theDocumentedDefaultsStandForTheBuildersDefaults() {
        Map<String, String> defaults = new HashMap<>();
        for (CpuSetting setting : CpuSetting.values()) {
            defaults.put(setting.key(), setting.defaultText());
        }
        try (CpuBackend plain = CpuBackend.create();
                CpuBackend fromText = (CpuBackend) new CpuBackendProvider().create(defaults)) {
            ForwardingBackend published = singleton(Map.of());
            try {
                for (Map.Entry<CpuSetting, Sample> entry : SAMPLES.entrySet()) {
                    Object expected = entry.getValue().reported().apply(plain);
                    assertThat(entry.getValue().reported().apply(fromText)).as("ServiceLoader %s=%s",
                            entry.getKey().key(), entry.getKey().defaultText()).isEqualTo(expected);
                    assertThat(entry.getValue().reported().apply(published.backend)).as(
                            "the default of %s published by Declarative Services", entry.getKey().key())
                            .isEqualTo(expected);
                }
            } finally {
                published.backend.close();
            }
        }
    }

    @Test
    void aValueOfTheWrongKindIsRefusedUnderItsKeyQuotedAsWritten() {
        for (CpuSetting setting : CpuSetting.values()) {
            String bad = switch (setting.kind()) {
                case INT, LONG -> "many";
                case BOOLEAN -> "maybe";
                case CPU_LIST -> "0-";
                case CHOICE -> "sideways";
            };
            for (Runnable route : List.<Runnable>of(() -> new CpuBackendProvider().create(Map.of(setting.key(), bad)),
                    () -> singleton(Map.of(setting.key(), bad)), () -> factory(Map.of(setting.key(), bad)))) {
                assertThatThrownBy(route::run).as("%s=%s", setting.key(), bad).isInstanceOfSatisfying(
                        ValidationException.class, e -> {
                            assertThat(e.argument()).isEqualTo(setting.key());
                            assertThat(e.actual()).isEqualTo("\"" + bad + "\"");
                        });
            }
        }
    }

    @Test
    void bothMetatypeInterfacesDeclareEverySettingAsTheTableDoes() {
        List<String> problems = new ArrayList<>();
        problems.addAll(metatypeProblems(CpuBackendConfiguration.class, CpuBackendComponent.RANKING, false));
        problems.addAll(metatypeProblems(CpuDomainBackendConfiguration.class, CpuDomainBackendComponent.RANKING, true));
        assertThat(problems).as("metatype ↔ settings table").isEmpty();
    }

    @Test
    void theDocumentationTablesListEverySettingAsTheTableDoes() {
        assertThat(SettingsTableDocs.problems()).as("docs ↔ settings table; the expected table:%n%s",
                SettingsTableDocs.expectedTable()).isEmpty();
    }

    private static List<String> metatypeProblems(Class<?> ocd, int ranking, boolean cpusRequired) {
        String where = ocd.getSimpleName();
        JavaClass classFile = new ClassFileImporter().importPaths(List.of(classFile(ocd))).get(ocd);
        Map<String, Method> attributes = new HashMap<>();
        for (Method method : ocd.getDeclaredMethods()) {
            attributes.put(method.getName().replace('_', '.'), method);
        }
        List<String> problems = new ArrayList<>();
        Method rankingMethod = attributes.remove("service.ranking");
        if (rankingMethod == null || !Integer.valueOf(ranking).equals(rankingMethod.getDefaultValue())) {
            problems.add(where + ": int service_ranking() default " + ranking);
        }
        for (CpuSetting setting : CpuSetting.values()) {
            Method method = attributes.remove(setting.key());
            boolean required = cpusRequired && setting == CpuSetting.CPUS;
            Object expectedDefault = required ? null : typed(setting, setting.defaultText());
            String declaration = "@AttributeDefinition(description = \"" + setting.description() + "\") "
                    + setting.kind().attributeType().getSimpleName() + " " + setting.key() + "()"
                    + (required ? "" : " default " + (expectedDefault instanceof String ? "\"" + expectedDefault + "\""
                            : expectedDefault));
            if (method == null) {
                problems.add(where + " lacks the attribute of setting '" + setting.key() + "': add " + declaration);
                continue;
            }
            String description = classFile.getMethod(method.getName()).tryGetAnnotationOfType(
                    "org.osgi.service.metatype.annotations.AttributeDefinition")
                    .flatMap(a -> a.get("description")).map(Object::toString).orElse(null);
            if (method.getReturnType() != setting.kind().attributeType()
                    || !Objects.equals(method.getDefaultValue(), expectedDefault)
                    || !setting.description().equals(description)) {
                problems.add(where + "." + method.getName() + " differs from the table: declare " + declaration);
            }
        }
        attributes.keySet().forEach(id -> problems.add(where + " declares attribute '" + id
                + "', which is no row of CpuSetting: add the row or remove the attribute"));
        return problems;
    }

    /** @return the class file of {@code type}, read alone: its dependencies are not needed */
    private static Path classFile(Class<?> type) {
        try {
            return Path.of(type.getResource(type.getSimpleName() + ".class").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A written value as Configuration Admin would hold it: an Integer, Long or Boolean, else the text. */
    private static Object typed(CpuSetting setting, String text) {
        return switch (setting.kind()) {
            case INT -> Integer.valueOf(text.replace("_", ""));
            case LONG -> Long.valueOf(text.replace("_", ""));
            case BOOLEAN -> Boolean.valueOf(text);
            case CPU_LIST, CHOICE -> text;
        };
    }

    /**
     * The default component as Declarative Services activates it: the published defaults (the
     * component property type's), the configuration over them, and properties that are not settings.
     */
    private static CpuBackendComponent singleton(Map<String, ?> configuration) {
        return new CpuBackendComponent(componentProperties(CpuBackendConfiguration.class, CpuBackendComponent.PID,
                configuration));
    }

    /** A factory component, on the first CPU unless the configuration names its CPUs. */
    private static CpuDomainBackendComponent factory(Map<String, ?> configuration) {
        Map<String, Object> withCpus = new HashMap<>(Map.of(CpuSetting.CPUS.key(), String.valueOf(FIRST_CPU)));
        withCpus.putAll(configuration);
        return new CpuDomainBackendComponent(componentProperties(CpuDomainBackendConfiguration.class,
                CpuDomainBackendComponent.FACTORY_PID, withCpus));
    }

    private static Map<String, Object> componentProperties(Class<?> published, String pid,
            Map<String, ?> configuration) {
        Map<String, Object> properties = new HashMap<>();
        for (Method method : published.getDeclaredMethods()) {
            if (method.getDefaultValue() != null) {
                properties.put(method.getName().replace('_', '.'), method.getDefaultValue());
            }
        }
        properties.putAll(Map.of("component.name", pid, "component.id", 7L, "service.pid", pid + ".x",
                "ferrite.backend.name", "cpu"));
        properties.putAll(configuration);
        return properties;
    }
}
