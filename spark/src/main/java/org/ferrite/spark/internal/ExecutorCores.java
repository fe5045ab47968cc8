package org.ferrite.spark.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;

/**
 * How many cores an executor runs tasks on, from its configuration: {@code spark.executor.cores} when set
 * (YARN, Kubernetes, standalone with a per-executor size), else the {@code N} of a {@code local[N]} or
 * {@code local[N,F]} master ({@code *}: every processor), else the JVM's processors (a standalone executor
 * that took a whole worker). Thread-safe (stateless). Lifetime: static.
 */
public final class ExecutorCores {
    private static final Pattern LOCAL = Pattern.compile("local\\[(\\*|\\d+)(,\\d+)?]");

    private ExecutorCores() {
    }

    /**
     * @param conf the executor's Spark configuration
     * @return its task cores, at least 1
     */
    public static int of(SparkConf conf) {
        if (conf.contains("spark.executor.cores")) {
            return Math.max(1, conf.getInt("spark.executor.cores", 1));
        }
        Matcher local = LOCAL.matcher(conf.get("spark.master", "").trim());
        if (local.matches() && !local.group(1).equals("*")) {
            return Math.max(1, Integer.parseInt(local.group(1)));
        }
        if (conf.get("spark.master", "").trim().equals("local")) {
            return 1;
        }
        return Runtime.getRuntime().availableProcessors();
    }
}
