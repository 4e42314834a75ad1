package io.h2scope.engine.flow;

import io.h2scope.engine.stream.StreamIdMap;
import java.util.Objects;

/**
 * What the peer may still send us: the connection window and one window per stream, each with
 * received / consumed / acknowledged counters (RFC 9113 §5.2, §6.9). The
 * {@link WindowUpdatePolicy} decides when consumed octets go back to the peer.
 *
 * <p>Callers: {@link #onDataReceived} for every DATA payload (padding included, §6.1) before it
 * is delivered; {@link #onConsumed} when the application has used data (and at once for
 * padding); {@link #onDiscarded} for DATA that no stream took. Receiving more than a window allows raises FLOW_CONTROL_ERROR: a
 * connection error for the connection window, a stream error for a stream window. Streams are
 * tracked from {@link #openStream} to {@link #closeStream}; DATA for any other stream still
 * counts against the connection window (§6.9). Single-threaded.
 */
public final class InboundFlow {

    private final WindowUpdatePolicy policy;
    private final InboundWindow connection = new InboundWindow(0, FlowWindow.DEFAULT_INITIAL_SIZE);
    private final StreamIdMap<InboundWindow> streams = new StreamIdMap<>();
    private int initialStreamWindow;
    private WindowListener listener;

    /**
     * @param initialStreamWindow our SETTINGS_INITIAL_WINDOW_SIZE as the peer applies it
     * @param policy              when to send WINDOW_UPDATE
     */
    public InboundFlow(int initialStreamWindow, WindowUpdatePolicy policy) {
        if (initialStreamWindow < 0) {
            throw new IllegalArgumentException("initial window must be 0.." + FlowWindow.MAX_SIZE);
        }
        this.initialStreamWindow = initialStreamWindow;
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /** RFC defaults: 65,535 per stream, and {@code policy}. */
    public InboundFlow(WindowUpdatePolicy policy) {
        this(FlowWindow.DEFAULT_INITIAL_SIZE, policy);
    }

    /** Tells {@code listener} of every change of every receive window from now on (tracing). */
    public void listen(WindowListener listener) {
        this.listener = listener;
        connection.listen(listener);
    }

    /** Starts tracking a stream the peer may send DATA on, with the current initial window. */
    public void openStream(int streamId) {
        checkStream(streamId);
        if (streams.containsKey(streamId)) {
            return;
        }
        InboundWindow w = new InboundWindow(streamId, initialStreamWindow);
        streams.put(streamId, w);
        if (listener != null) {
            w.listen(listener);
            listener.windowChanged(streamId, WindowSide.RECEIVE, 0, initialStreamWindow,
                    WindowCause.OPENED);
        }
    }

    /**
     * Stops tracking a stream. Octets received on it and never consumed are released to the
     * connection window, so a dropped stream does not shrink the connection for good.
     */
    public void closeStream(int streamId, WindowUpdateSink sink) {
        InboundWindow w = streams.remove(streamId);
        if (w != null && w.buffered() > 0) {
            connection.consumed((int) w.buffered());
            connection.maybeUpdate(policy, sink);
        }
    }

    /**
     * A DATA frame of {@code length} octets arrived on {@code streamId}.
     *
     * @throws io.h2scope.engine.error.H2Exception FLOW_CONTROL_ERROR when it exceeds a window
     */
    public void onDataReceived(int streamId, int length) {
        checkStream(streamId);
        // RFC9113 §6.9: "A receiver that receives a flow-controlled frame MUST always account for its contribution against the connection flow-control window"
        connection.received(length);
        InboundWindow w = streams.get(streamId);
        if (w != null) {
            w.received(length);
        }
    }

    /**
     * The application consumed {@code n} octets of {@code streamId}; sends the WINDOW_UPDATEs the
     * policy chooses (stream first, then connection).
     */
    public void onConsumed(int streamId, int n, WindowUpdateSink sink) {
        checkStream(streamId);
        InboundWindow w = streams.get(streamId);
        if (w != null) {
            w.consumed(n);
        }
        connection.consumed(n);
        if (w != null) {
            w.maybeUpdate(policy, sink);
        }
        connection.maybeUpdate(policy, sink);
    }

    /**
     * DATA that reached no application: a frame in error, or one on a closed stream. It counted
     * against the connection window on receipt (§6.9), so give it back to the connection now.
     * Call it for the octets the stream did not take: all of them when
     * {@link #onDataReceived} threw a stream error or the stream is untracked.
     */
    public void onDiscarded(int length, WindowUpdateSink sink) {
        connection.consumed(length);
        connection.maybeUpdate(policy, sink);
    }

    /**
     * The application throws away {@code n} octets received on {@code streamId} and wants no more of that stream:
     * the connection window gets them back (RFC 9113 §6.9: the other streams must not starve), the stream window
     * does not, so the peer is not invited to send more that would be thrown away too.
     */
    public void onDropped(int streamId, int n, WindowUpdateSink sink) {
        checkStream(streamId);
        InboundWindow w = streams.get(streamId);
        if (w != null) {
            w.dropped(n);
        }
        connection.consumed(n);
        connection.maybeUpdate(policy, sink);
    }

    /** Records a WINDOW_UPDATE sent outside the policy (with {@link WindowUpdatePolicy#MANUAL}); stream 0 is the connection. */
    public void onWindowUpdateSent(int streamId, int increment) {
        InboundWindow w = streamId == 0 ? connection : streams.get(streamId);
        if (w != null) {
            w.sent(increment);
        }
    }

    /**
     * Our SETTINGS_INITIAL_WINDOW_SIZE now holds for the peer: adjusts every tracked stream
     * window by the difference (§6.9.2). Call it when the peer starts using the new value: on
     * sending for an increase, on its ACK for a decrease (§6.9.3 "MUST be prepared to receive
     * data that exceeds this window size" until then).
     */
    public void onInitialWindowSizeChange(int newSize) {
        if (newSize < 0) {
            throw new IllegalArgumentException("initial window must be 0.." + FlowWindow.MAX_SIZE);
        }
        int old = initialStreamWindow;
        initialStreamWindow = newSize;
        // RFC9113 §6.9.2: "a receiver MUST adjust the size of all stream flow-control windows that it maintains by the difference"
        streams.forEachValue(w -> w.resize(newSize, old));
    }

    /** How many more octets the peer may send on the connection. */
    public int connectionWindow() {
        return connection.size();
    }

    /** Our SETTINGS_INITIAL_WINDOW_SIZE as the peer applies it: what a new stream may carry before any WINDOW_UPDATE. */
    public int initialStreamWindow() {
        return initialStreamWindow;
    }

    /** How many more octets the peer may send on a tracked stream; 0 when not tracked. */
    public int streamWindow(int streamId) {
        return streamWindowOr(streamId, 0);
    }

    /**
     * The stream's window, or {@code absent} when it is not tracked: one look-up where {@link #isTracked} and
     * {@link #streamWindow} take two (a traced frame asks for its stream's windows).
     */
    public int streamWindowOr(int streamId, int absent) {
        InboundWindow w = streams.get(streamId);
        return w == null ? absent : w.size();
    }

    /** Consumed octets not yet returned to the peer; stream 0 is the connection. */
    public long unacknowledged(int streamId) {
        InboundWindow w = streamId == 0 ? connection : streams.get(streamId);
        return w == null ? 0 : w.unacknowledged();
    }

    public boolean isTracked(int streamId) {
        return streams.containsKey(streamId);
    }

    private static void checkStream(int streamId) {
        if (streamId <= 0) {
            throw new IllegalArgumentException("DATA needs a stream id > 0, got " + streamId);
        }
    }
}
