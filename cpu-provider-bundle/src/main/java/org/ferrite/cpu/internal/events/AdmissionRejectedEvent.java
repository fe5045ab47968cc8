package org.ferrite.cpu.internal.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/** JFR: an entry was refused as contended (busy domain and no wait, timeout or interrupt). */
@Name("org.ferrite.cpu.AdmissionRejected")
@Label("Ferrite Admission Rejected")
@Category({"Ferrite", "CPU Sessions"})
@Description("A session entry was refused because its CPU set was busy")
final class AdmissionRejectedEvent extends jdk.jfr.Event {
    @Label("Backend")
    String backend;
    @Label("CPUs")
    String cpus;
    @Label("Operation")
    String operation;
    @Label("Reason")
    String reason;
    @Label("Wait")
    @Timespan(Timespan.NANOSECONDS)
    long waitNanos;
}
