package org.ferrite.cpu.internal.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** JFR: a held session was opened, or a scoped entry was admitted after waiting. */
@Name("org.ferrite.cpu.SessionOpened")
@Label("Ferrite Session Opened")
@Category({"Ferrite", "CPU Sessions"})
@Description("A held session was opened, or a scoped entry was admitted after waiting in the queue")
@StackTrace(false)
final class SessionOpenedEvent extends jdk.jfr.Event {
    @Label("Backend")
    String backend;
    @Label("CPUs")
    String cpus;
    @Label("Kind")
    @Description("held or scoped")
    String kind;
    @Label("Wait")
    @Timespan(Timespan.NANOSECONDS)
    long waitNanos;
}
