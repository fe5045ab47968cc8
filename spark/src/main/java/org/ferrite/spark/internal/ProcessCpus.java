package org.ferrite.spark.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The ids of the CPUs this process may run on, for carving task slots: Linux's {@code Cpus_allowed_list}
 * of {@code /proc/self/status} (the affinity mask, in the format {@code taskset -c} takes), else CPUs
 * {@code 0} to {@code availableProcessors() − 1}. Thread-safe (stateless). Lifetime: static.
 */
public final class ProcessCpus {
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final String FIELD = "Cpus_allowed_list:";

    private ProcessCpus() {
    }

    /** @return the CPU ids, ascending, at least one */
    public static int[] ids() {
        try {
            if (Files.isReadable(STATUS)) {
                for (String line : Files.readAllLines(STATUS)) {
                    if (line.startsWith(FIELD)) {
                        int[] ids = parse(line.substring(FIELD.length()).trim());
                        if (ids.length > 0) {
                            return ids;
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or an unreadable status: count instead
        }
        int[] ids = new int[Runtime.getRuntime().availableProcessors()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        return ids;
    }

    /**
     * @param list a CPU list such as {@code "0-3,8"}
     * @return its ids, in the order written
     * @throws NumberFormatException if malformed
     */
    static int[] parse(String list) {
        List<Integer> ids = new ArrayList<>();
        for (String part : list.split(",")) {
            String range = part.trim();
            if (range.isEmpty()) {
                continue;
            }
            int dash = range.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(range.substring(dash + 1));
            for (int id = from; id <= to; id++) {
                ids.add(id);
            }
        }
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * @param ids CPU ids
     * @return them as a CPU list, e.g. {@code "0,1"}
     */
    public static String format(int[] ids) {
        StringBuilder list = new StringBuilder();
        for (int id : ids) {
            list.append(list.length() == 0 ? "" : ",").append(id);
        }
        return list.toString();
    }
}
