package io.h2scope.cli.trace;

import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.time.Instant;

/**
 * Which events of a {@link Timeline} {@code trace print} shows: every condition given must hold. Time bounds are
 * on the clock ({@code since} included, {@code until} not); an event whose clock is not known never passes them.
 *
 * @param since     the first instant shown, or null
 * @param until     the instant from which nothing is shown, or null
 * @param conn      only this connection id, or null
 * @param peer      only connections with this peer, or null
 * @param stream    only events about this stream, or null
 * @param typeCode  only frames of this type, or null
 * @param errorCode only events that carry this error code (RST_STREAM, GOAWAY, an error raised, a rule broken, the
 *                  close), or null
 * @param abnormal  only connections that ended other than cleanly
 */
record PrintFilter(Instant since, Instant until, Long conn, PeerValue.Peer peer, Integer stream, Integer typeCode,
        Long errorCode, boolean abnormal) {

    boolean shows(Timeline timeline, Timeline.Entry entry) {
        TraceEvent e = entry.event();
        if ((since != null || until != null) && entry.clock() == null) {
            return false;
        }
        if ((since != null && entry.clock().isBefore(since)) || (until != null && !entry.clock().isBefore(until))) {
            return false;
        }
        if ((conn != null && e.connectionId() != conn) || (stream != null && e.streamId() != stream)
                || (typeCode != null && !(e instanceof FrameEvent f && f.header().typeCode() == typeCode))
                || (errorCode != null && errorCode(e) != errorCode)) {
            return false;
        }
        Timeline.Connection connection = timeline.connection(entry.connection());
        ConnectionOpened opened = connection.opened();
        return (peer == null || opened != null && peer.matches(opened.remote())) && (!abnormal || connection.abnormal());
    }

    /** The error code an event carries, or -1. */
    private static long errorCode(TraceEvent e) {
        if (e instanceof FrameEvent f && f.frame() instanceof RstStreamFrame r) {
            return r.errorCode() & 0xffffffffL;
        }
        if (e instanceof FrameEvent f && f.frame() instanceof GoAwayFrame g) {
            return g.errorCode() & 0xffffffffL;
        }
        if (e instanceof ErrorRaised r) {
            return r.code().code();
        }
        if (e instanceof ViolationReceived v) {
            return v.violation().code().code();
        }
        return e instanceof ConnectionClosed c ? c.errorCode() : -1;
    }
}
