package org.ferrite.examples;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.error.ValidationException;

/**
 * The imaginary-time schedule of {@link TfimItebd}: stages of decreasing Trotter step {@code δ}, each
 * run for a number of steps.
 *
 * <pre>{@code
 * ItebdSchedule schedule = ItebdSchedule.parse("0.1:400,0.01:400,0.001:200");   // 1000 steps
 * }</pre>
 *
 * <p>Thread-safe (immutable). A value that lives as long as it is referenced.
 *
 * @param stages the stages, in order
 */
public record ItebdSchedule(List<Stage> stages) {
    /** δ = 0.1, 0.01, 0.001 for 400, 400 and 200 steps: 1 000 steps, the benchmark's run. */
    public static final ItebdSchedule DEFAULT = parse("0.1:400,0.01:400,0.001:200");

    /**
     * One stage.
     *
     * <p>Thread-safe (immutable).
     *
     * @param timeStep δ &gt; 0
     * @param steps second-order Trotter steps, at least 1
     */
    public record Stage(double timeStep, int steps) {
        /**
         * @param timeStep δ
         * @param steps steps
         * @throws ValidationException for δ ≤ 0 or not finite, or fewer than one step
         */
        public Stage {
            if (!(timeStep > 0) || Double.isInfinite(timeStep)) {
                throw ValidationException.invalidArgument("ItebdSchedule", "timeStep", "a finite δ > 0",
                        String.valueOf(timeStep), null);
            }
            if (steps < 1) {
                throw ValidationException.invalidArgument("ItebdSchedule", "steps", ">= 1", String.valueOf(steps), null);
            }
        }
    }

    /**
     * @param stages the stages
     * @throws ValidationException for no stage
     */
    public ItebdSchedule {
        stages = List.copyOf(stages);
        if (stages.isEmpty()) {
            throw ValidationException.invalidArgument("ItebdSchedule", "stages", "at least one stage", "none", null);
        }
    }

    /**
     * @param text stages {@code δ:steps} separated by commas, e.g. {@code "0.1:400,0.01:400"}
     * @return the schedule
     * @throws ValidationException for malformed text
     */
    public static ItebdSchedule parse(String text) {
        List<Stage> stages = new ArrayList<>();
        for (String stage : text.split(",")) {
            String[] parts = stage.trim().split(":");
            try {
                if (parts.length != 2) {
                    throw new NumberFormatException("not δ:steps");
                }
                stages.add(new Stage(Double.parseDouble(parts[0]), Integer.parseInt(parts[1])));
            } catch (NumberFormatException e) {
                throw ValidationException.invalidArgument("ItebdSchedule.parse", "text", "stages δ:steps separated by"
                        + " commas, e.g. 0.1:400,0.01:400", "'" + text + "'", null);
            }
        }
        return new ItebdSchedule(stages);
    }

    /** @return the steps of every stage together */
    public int totalSteps() {
        return stages.stream().mapToInt(Stage::steps).sum();
    }
}
