package org.ferrite.examples.cli;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long run on standard error (a {@code me.tongfei} progress bar), or nothing. Confined
 * to the command's thread; closing it finishes the bar.
 */
final class Progress implements AutoCloseable {
    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    static Progress bar(String task, long max) {
        return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(max)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(200).build());
    }

    static Progress silent() {
        return new Progress(null);
    }

    /** @param done units of work done so far */
    void stepTo(long done) {
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    /** Advances by one unit. */
    void step() {
        if (bar != null) {
            bar.step();
        }
    }

    /** @param message what is running now */
    void extra(String message) {
        if (bar != null) {
            bar.setExtraMessage(message);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
