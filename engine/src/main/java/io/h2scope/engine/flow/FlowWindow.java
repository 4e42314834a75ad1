package io.h2scope.engine.flow;

import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;

/**
 * One flow-control window (RFC 9113 §6.9.1): a signed count of DATA octets that may still be
 * sent, for one stream or (stream id 0) the whole connection. It never exceeds 2^31-1; it may go
 * negative after SETTINGS_INITIAL_WINDOW_SIZE shrinks (§6.9.2), and provably not below
 * -(2^31-1), so it always fits an {@code int}. Errors are scoped by the window: a stream window
 * gives a stream error, the connection window a connection error (§6.9.1).
 *
 * <p>A {@link #lenient} window is the same window for an endpoint we only watch (the observer): what the rules
 * refuse is counted instead of thrown, and the change is applied anyway, held to the range of an {@code int}, so
 * the window shows what the sender did.
 */
public sealed class FlowWindow permits FlowWindow.Lenient {

    /** RFC9113 §6.9.1: "A sender MUST NOT allow a flow-control window to exceed 2^31-1 octets". */
    public static final int MAX_SIZE = Integer.MAX_VALUE;
    /** RFC9113 §6.9.2: "new streams are created with an initial flow-control window size of 65,535 octets" (and the connection). */
    public static final int DEFAULT_INITIAL_SIZE = 65_535;

    private final int streamId;
    private long size;
    /** The largest size since the window opened or its initial size last changed (the sender's floor, RFC 1122 §4.2.3.4). */
    private long peak;

    /** A window for {@code streamId} (0 for the connection) of {@code initialSize} octets. */
    public FlowWindow(int streamId, int initialSize) {
        if (streamId < 0) {
            throw new IllegalArgumentException("stream id must be >= 0, got " + streamId);
        }
        if (initialSize < 0) {
            throw new IllegalArgumentException("initial window must be 0.." + MAX_SIZE + ", got " + initialSize);
        }
        this.streamId = streamId;
        this.size = initialSize;
        this.peak = initialSize;
    }

    /** A window that counts on {@code overflows} what the rules refuse instead of throwing it. */
    public static FlowWindow lenient(int streamId, int initialSize, Overflows overflows) {
        return new Lenient(streamId, initialSize, overflows);
    }

    /** 0 for the connection window. */
    public int streamId() {
        return streamId;
    }

    /** The current size; negative after a shrinking SETTINGS_INITIAL_WINDOW_SIZE. */
    public int size() {
        return (int) size;
    }

    /** How many octets may be sent now: the size, or 0 when it is negative. */
    public int available() {
        return (int) Math.max(0, size);
    }

    /**
     * Takes {@code n} octets of DATA (payload including padding) off the window.
     *
     * @throws io.h2scope.engine.error.H2Exception FLOW_CONTROL_ERROR when {@code n} exceeds the window
     */
    public void consume(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("cannot consume a negative length: " + n);
        }
        if (n > size) {
            // RFC9113 §6.9.1: "The sender MUST NOT send a flow-controlled frame with a length that exceeds the space available in either of the flow-control windows"
            refuse(H2Errors.stream(streamId, streamId == 0 ? FlowRule.DATA_EXCEEDS_CONNECTION_WINDOW
                    : FlowRule.DATA_EXCEEDS_STREAM_WINDOW, n + " octets of DATA exceed the " + where() + " window of " + size));
        }
        size = Math.max(Integer.MIN_VALUE, size - n);
    }

    /**
     * Adds a WINDOW_UPDATE increment (1..2^31-1; zero is the caller's PROTOCOL_ERROR to raise, §6.9).
     *
     * @throws io.h2scope.engine.error.H2Exception FLOW_CONTROL_ERROR when the window would exceed 2^31-1
     */
    public void expand(int increment) {
        if (increment <= 0) {
            throw new IllegalArgumentException("a window increment must be 1.." + MAX_SIZE + ", got " + increment);
        }
        if (size + increment > MAX_SIZE) {
            // RFC9113 §6.9.1: "If a sender receives a WINDOW_UPDATE that causes a flow-control window to exceed this maximum, it MUST terminate either the stream or the connection"
            refuse(H2Errors.stream(streamId, streamId == 0 ? FlowRule.CONNECTION_WINDOW_OVERFLOW
                    : FlowRule.STREAM_WINDOW_OVERFLOW, "WINDOW_UPDATE of " + increment + " takes the " + where() + " window of " + size + " past 2^31-1"));
        }
        size = Math.min(MAX_SIZE, size + increment);
        peak = Math.max(peak, size);
    }

    /**
     * Applies the change of SETTINGS_INITIAL_WINDOW_SIZE (new minus old) to a stream window. The
     * result may be negative (§6.9.2).
     *
     * @throws io.h2scope.engine.error.ConnectionError FLOW_CONTROL_ERROR when the window would exceed 2^31-1
     */
    public void applyInitialSizeDelta(long delta) {
        if (size + delta > MAX_SIZE) {
            // RFC9113 §6.9.2: "An endpoint MUST treat a change to SETTINGS_INITIAL_WINDOW_SIZE that causes any flow-control window to exceed the maximum size as a connection error ... FLOW_CONTROL_ERROR"
            refuse(H2Errors.connection(FlowRule.INITIAL_WINDOW_CHANGE_OVERFLOW,
                    "SETTINGS_INITIAL_WINDOW_SIZE change of " + delta + " takes the " + where()
                            + " window of " + size + " past 2^31-1"));
        }
        size = Math.max(Integer.MIN_VALUE, Math.min(MAX_SIZE, size + delta));
    }

    /** The largest size this window has had since it opened or since {@link #resetPeak}. */
    public int peak() {
        return (int) peak;
    }

    /** SETTINGS_INITIAL_WINDOW_SIZE changed to {@code initialSize}: the largest window the peer offers is that from now on. */
    public void resetPeak(int initialSize) {
        peak = Math.max(size, initialSize);
    }

    /** A change the rules refuse: thrown here, counted by a {@link Lenient} window. */
    void refuse(H2Exception e) {
        throw e;
    }

    private String where() {
        return streamId == 0 ? "connection" : "stream " + streamId;
    }

    @Override
    public String toString() {
        return where() + " window " + size;
    }

    /** How many changes the lenient windows of one connection applied although the rules refuse them. */
    public static final class Overflows {
        private long count;

        public long count() {
            return count;
        }
    }

    /** A window that counts a refused change and applies it anyway (see the class comment). */
    static final class Lenient extends FlowWindow {
        private final Overflows overflows;

        private Lenient(int streamId, int initialSize, Overflows overflows) {
            super(streamId, initialSize);
            this.overflows = overflows;
        }

        @Override
        void refuse(H2Exception e) {
            overflows.count++;
        }
    }
}
