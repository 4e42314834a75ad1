package io.h2scope.conformance.intermediary.legs;

import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;

/**
 * One origin connection's sink: its events go to the case in progress (each case keeps what the connection carried
 * while it ran, from this connection's opening on), and nowhere between cases.
 *
 * @param opened     the connection's opening, given to each case it carries something for
 * @param startNanos the {@link System#nanoTime()} its events are timed from
 */
record OriginLeg(LegRecorder recorder, ConnectionOpened opened, long startNanos) implements TraceSink {

    @Override
    public void onEvent(TraceEvent event) {
        if (event instanceof ConnectionOpened) {
            return; // each case is given it when the connection first carries something for it
        }
        CaseLegs legs = recorder.current();
        if (legs != null) {
            legs.origin(this).onEvent(event);
        }
    }

    long id() {
        return opened.connectionId();
    }

    /** Time since the connection opened. */
    long now() {
        return System.nanoTime() - startNanos;
    }
}
