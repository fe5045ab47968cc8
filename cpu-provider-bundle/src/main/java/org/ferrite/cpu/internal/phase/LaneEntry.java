package org.ferrite.cpu.internal.phase;

import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.internal.session.HeldState;

/**
 * How a phase's lanes enter their child sessions: the one step of a run that belongs to the session
 * machinery rather than to the driver. {@link #of(HeldState)} is the real one; tests substitute a
 * failing entry to prove how a driver reports session failures.
 *
 * <p>Thread-safe: {@link #admit()} is called by the phase's owner thread, {@link #enter} by the lanes'
 * threads concurrently. Lifetime: the phase's.
 */
interface LaneEntry {
    /**
     * Owner thread, at the start of each run.
     *
     * @return the ticket the run's lanes enter with
     */
    long admit();

    /**
     * Lane thread: runs {@code lane} in a fresh child session, live for the whole call.
     *
     * @param ticket from {@link #admit()} of the current run
     * @param lane the lane's body
     * @throws RuntimeException or {@link Error} if the lane could not enter or leave its session
     *     (a session failure; {@code lane} reports its own failures itself and throws nothing)
     */
    void enter(long ticket, SessionFunction<Void> lane);

    /**
     * @param held the held session whose admission the lanes run under
     * @return the entry through {@link HeldState#runLane}
     */
    static LaneEntry of(HeldState held) {
        return new LaneEntry() {
            @Override
            public long admit() {
                return held.admitLanes();
            }

            @Override
            public void enter(long ticket, SessionFunction<Void> lane) {
                held.runLane(ticket, lane);
            }
        };
    }
}
