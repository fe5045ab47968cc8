package org.ferrite.cpu.internal.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR: a held session was closed (by its owner or, when leaked, by the cleaner). */
@Name("org.ferrite.cpu.SessionClosed")
@Label("Ferrite Session Closed")
@Category({"Ferrite", "CPU Sessions"})
@Description("A held session released its resources, owner marker, CPU affinity and permit")
@StackTrace(false)
final class SessionClosedEvent extends jdk.jfr.Event {
    @Label("Backend")
    String backend;
    @Label("CPUs")
    String cpus;
    @Label("Leaked")
    @Description("released by the cleaner because it was never closed")
    boolean leaked;
    @Label("Affinity Restore Failed")
    boolean restoreFailed;
}
