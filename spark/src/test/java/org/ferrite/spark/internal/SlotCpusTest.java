package org.ferrite.spark.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/** Slot CPU sets, the CPU-list format, and the executor's core count from its configuration. */
class SlotCpusTest {
    @Test
    void slotsTakeConsecutiveRunsOfTheProcessCpusAndWrapAroundWhenTheyRunOut() {
        SlotCpus cpus = new SlotCpus(new int[] {4, 5, 6, 7, 9}, 2);
        assertThat(cpus.disjointSlots()).isEqualTo(2);
        assertThat(cpus.of(0)).containsExactly(4, 5);
        assertThat(cpus.of(1)).containsExactly(6, 7);
        assertThat(cpus.of(2)).containsExactly(9, 4);
        assertThat(cpus.shares(1)).isFalse();
        assertThat(cpus.shares(2)).isTrue();
        SlotCpus wide = new SlotCpus(new int[] {0, 1}, 4);
        assertThat(wide.of(0)).as("a slot never asks for more CPUs than there are").containsExactly(0, 1);
        assertThat(wide.disjointSlots()).isEqualTo(1);
        assertThatThrownBy(() -> new SlotCpus(new int[0], 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theCpuListFormatRoundTrips() {
        assertThat(ProcessCpus.parse("0-3,8,10-11")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(ProcessCpus.parse(" 5 ")).containsExactly(5);
        assertThat(ProcessCpus.format(new int[] {0, 2, 3})).isEqualTo("0,2,3");
        assertThat(ProcessCpus.ids()).isNotEmpty().hasSizeGreaterThanOrEqualTo(1);
        assertThatThrownBy(() -> ProcessCpus.parse("0-x")).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void executorCoresComeFromTheConfiguration() {
        assertThat(ExecutorCores.of(new SparkConf().set("spark.executor.cores", "6"))).isEqualTo(6);
        assertThat(ExecutorCores.of(new SparkConf().set("spark.master", "local[3]"))).isEqualTo(3);
        assertThat(ExecutorCores.of(new SparkConf().set("spark.master", "local[2,4]"))).isEqualTo(2);
        assertThat(ExecutorCores.of(new SparkConf().set("spark.master", "local"))).isEqualTo(1);
        assertThat(ExecutorCores.of(new SparkConf().set("spark.master", "local[*]")))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
    }
}
