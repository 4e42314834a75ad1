package io.h2scope.engine.flow;

import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.frame.check.FrameRule;
import io.h2scope.engine.stream.StreamIdMap;

/**
 * What we may send: the connection window and one window per stream (RFC 9113 §6.9.1), fed by
 * the peer's WINDOW_UPDATE frames and its SETTINGS_INITIAL_WINDOW_SIZE. A DATA frame may carry
 * at most {@link #sendable} octets. Streams are tracked from {@link #openStream} to
 * {@link #closeStream}; WINDOW_UPDATE for an untracked (closed) stream is ignored (§6.9: "MUST
 * NOT treat this as an error"). Whether a WINDOW_UPDATE fits the stream state at all (an idle
 * stream is a connection error) is the stream state table's call. Single-threaded.
 */
public final class OutboundFlow {

    private final FlowWindow connection = new FlowWindow(0, FlowWindow.DEFAULT_INITIAL_SIZE);
    private final StreamIdMap<FlowWindow> streams = new StreamIdMap<>();
    private int initialStreamWindow = FlowWindow.DEFAULT_INITIAL_SIZE;
    private WindowListener listener;

    /** Tells {@code listener} of every change of every send window from now on (tracing). */
    public void listen(WindowListener listener) {
        this.listener = listener;
    }

    /** Tells the listener, if any, that {@code w} moved from {@code old}. */
    private void changed(FlowWindow w, int old, WindowCause cause) {
        if (listener != null && old != w.size()) {
            listener.windowChanged(w.streamId(), WindowSide.SEND, old, w.size(), cause);
        }
    }

    /**
     * Starts tracking a stream we may send DATA on, with the peer's current initial window.
     * RFC9113 §6.9.2: "Prior to receiving a SETTINGS frame that sets a value for SETTINGS_INITIAL_WINDOW_SIZE, an endpoint can only use the default"
     */
    public void openStream(int streamId) {
        checkStream(streamId);
        if (streams.containsKey(streamId)) {
            return;
        }
        FlowWindow w = new FlowWindow(streamId, initialStreamWindow);
        streams.put(streamId, w);
        if (listener != null) {
            listener.windowChanged(streamId, WindowSide.SEND, 0, initialStreamWindow, WindowCause.OPENED);
        }
    }

    public void closeStream(int streamId) {
        streams.remove(streamId);
    }

    /** How many of {@code wanted} octets may go in one DATA frame now: the least of both windows, never negative. */
    public int sendable(int streamId, int wanted) {
        FlowWindow w = streams.get(streamId);
        if (w == null || wanted <= 0) {
            return 0;
        }
        // RFC9113 §6.9.1: "MUST NOT send a flow-controlled frame with a length that exceeds the space available in either of the flow-control windows"
        return Math.min(wanted, Math.min(connection.available(), w.available()));
    }

    /** We sent DATA of {@code length} octets (payload and padding): both windows shrink (§6.9.1). */
    public void onSent(int streamId, int length) {
        FlowWindow w = streams.get(streamId);
        if (w == null) {
            throw new IllegalStateException("stream " + streamId + " has no send window");
        }
        if (length > connection.available() || length > w.available()) {
            throw new IllegalStateException(length + " octets exceed the send windows (" + connection + ", " + w + ")");
        }
        // RFC9113 §6.9.1: "After sending a flow-controlled frame, the sender reduces the space available in both windows"
        int old = connection.size();
        connection.consume(length);
        changed(connection, old, WindowCause.DATA);
        old = w.size();
        w.consume(length);
        changed(w, old, WindowCause.DATA);
    }

    /**
     * The peer sent WINDOW_UPDATE; stream 0 is the connection.
     *
     * @param increment the 31-bit Window Size Increment, reserved bit already cleared
     * @throws io.h2scope.engine.error.H2Exception PROTOCOL_ERROR for 0, FLOW_CONTROL_ERROR on overflow;
     *         a connection error on stream 0, a stream error otherwise
     */
    public void onWindowUpdate(int streamId, int increment) {
        if (streamId < 0 || increment < 0) {
            throw new IllegalArgumentException("stream id and increment are 31-bit: " + streamId + ", " + increment);
        }
        if (increment == 0) {
            // RFC9113 §6.9: "receipt of a WINDOW_UPDATE frame with a flow-control window increment of 0 as a stream error ... PROTOCOL_ERROR; errors on the connection flow-control window MUST be treated as a connection error"
            throw H2Errors.stream(streamId, streamId == 0 ? FrameRule.WINDOW_UPDATE_ZERO_INCREMENT_ON_CONNECTION
                    : FrameRule.WINDOW_UPDATE_ZERO_INCREMENT_ON_STREAM,
                    "WINDOW_UPDATE with an increment of 0");
        }
        FlowWindow w = streamId == 0 ? connection : streams.get(streamId);
        if (w != null) {
            int old = w.size();
            w.expand(increment);
            changed(w, old, WindowCause.WINDOW_UPDATE);
        }
    }

    /**
     * The peer's SETTINGS_INITIAL_WINDOW_SIZE changed: every tracked stream window moves by the
     * difference and may go negative; the connection window does not change (§6.9.2).
     *
     * @throws io.h2scope.engine.error.ConnectionError FLOW_CONTROL_ERROR when a window would exceed 2^31-1
     */
    public void onInitialWindowSizeChange(int newSize) {
        if (newSize < 0) {
            throw new IllegalArgumentException("SETTINGS_INITIAL_WINDOW_SIZE is validated to 0..2^31-1, got " + newSize);
        }
        long delta = (long) newSize - initialStreamWindow;
        initialStreamWindow = newSize;
        // RFC9113 §6.9.2: "When the value of SETTINGS_INITIAL_WINDOW_SIZE changes, a receiver MUST adjust the size of all stream flow-control windows that it maintains"
        // RFC9113 §6.9.2: "A SETTINGS frame cannot alter the connection flow-control window"
        if (listener == null) {
            streams.forEachValue(w -> {
                w.applyInitialSizeDelta(delta);
                w.resetPeak(newSize);
            });
        } else {
            streams.forEachValue(w -> {
                int old = w.size();
                w.applyInitialSizeDelta(delta);
                w.resetPeak(newSize);
                changed(w, old, WindowCause.INITIAL_WINDOW_SIZE);
            });
        }
    }

    /**
     * Frames below this many octets are worth holding for more credit (unless the peer's windows are smaller):
     * far below any window a peer that reads offers (a maximum-size frame is 16 times this), so ordinary
     * transfers never wait, and tiny credits are what it catches.
     */
    public static final int SMALL_FRAME = 1024;

    /**
     * The smallest DATA frame worth sending on {@code streamId} when fewer than {@code wanted} octets fit: the
     * sender side of silly-window avoidance (RFC 1122 §4.2.3.4, which RFC 9113 §6.9 points receivers to), so
     * a peer's tiny WINDOW_UPDATEs do not each buy a tiny DATA frame (SEC-04). {@link #SMALL_FRAME}, or half
     * the largest window the peer has offered on the stream and on the connection when that is less, at most
     * {@code wanted}, at least 1: a peer whose whole window is small (INITIAL_WINDOW_SIZE 100) still gets half
     * of it per frame at once. A peer that set INITIAL_WINDOW_SIZE 0 has offered no stream window to judge by:
     * the connection's counts.
     */
    public int sendFloor(int streamId, int wanted) {
        FlowWindow w = streams.get(streamId);
        int connectionPeak = connection.peak();
        int streamPeak = w == null ? 0 : initialStreamWindow == 0 ? Math.max(w.peak(), connectionPeak) : w.peak();
        int floor = Math.min(SMALL_FRAME, Math.max(1, Math.min(streamPeak, connectionPeak) / 2));
        return Math.min(floor, Math.max(1, wanted));
    }

    /**
     * Whether a frame of {@code wanted} octets on {@code streamId} (0: any stream, the connection window alone)
     * must wait: the window allows less than the {@link #sendFloor}.
     */
    public boolean belowFloor(int streamId, int wanted) {
        if (streamId == 0) {
            int floor = Math.min(SMALL_FRAME, Math.max(1, connection.peak() / 2));
            return connection.available() < Math.min(floor, Math.max(1, wanted));
        }
        return sendable(streamId, wanted) < sendFloor(streamId, wanted);
    }

    /** How many octets the connection window allows now (0 when closed or negative). */
    public int connectionAvailable() {
        return connection.available();
    }

    public int connectionWindow() {
        return connection.size();
    }

    /** A tracked stream's window (may be negative); 0 when not tracked. */
    public int streamWindow(int streamId) {
        return streamWindowOr(streamId, 0);
    }

    /**
     * The stream's window, or {@code absent} when it is not tracked: one look-up where {@link #isTracked} and
     * {@link #streamWindow} take two (a traced frame asks for its stream's windows).
     */
    public int streamWindowOr(int streamId, int absent) {
        FlowWindow w = streams.get(streamId);
        return w == null ? absent : w.size();
    }

    public boolean isTracked(int streamId) {
        return streams.containsKey(streamId);
    }

    private static void checkStream(int streamId) {
        if (streamId <= 0) {
            throw new IllegalArgumentException("a stream window needs a stream id > 0, got " + streamId);
        }
    }
}
