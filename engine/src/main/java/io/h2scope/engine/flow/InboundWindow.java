package io.h2scope.engine.flow;

/**
 * The receiving side of one window: how much the peer may still send, and the three counters
 * behind it (OkHttp's WindowCounter idea): octets received, consumed by the application, and
 * acknowledged (consumed octets returned to the peer by WINDOW_UPDATE). Credit sent beyond the
 * consumed octets raises the target window instead. Consumed minus acknowledged is what the
 * {@link WindowUpdatePolicy} may return.
 */
final class InboundWindow {

    private final FlowWindow window;
    private long received;
    private long consumed;
    private long acknowledged;
    private int target;
    /** Told before a policy WINDOW_UPDATE, or null (no tracing). */
    private WindowListener listener;

    InboundWindow(int streamId, int initialSize) {
        this.window = new FlowWindow(streamId, initialSize);
        this.target = initialSize;
    }

    /** From now on each change is told to {@code listener} (a field that costs no space: it fills padding). */
    void listen(WindowListener listener) {
        this.listener = listener;
    }

    private void changed(int old, WindowCause cause) {
        if (listener != null && old != window.size()) {
            listener.windowChanged(window.streamId(), WindowSide.RECEIVE, old, window.size(), cause);
        }
    }

    /** DATA arrived: takes it off the window, or raises FLOW_CONTROL_ERROR (§6.9.1). */
    void received(int length) {
        int old = window.size();
        window.consume(length);
        changed(old, WindowCause.DATA);
        received += length;
    }

    /** The application is done with {@code n} received octets. */
    void consumed(int n) {
        if (n < 0 || n > received - consumed) {
            throw new IllegalArgumentException("consumed " + n + " octets, but only " + (received - consumed)
                    + " are received and unconsumed on " + window);
        }
        consumed += n;
    }

    /**
     * The application throws {@code n} received octets away and wants no more: consumed, and counted as returned
     * so that no WINDOW_UPDATE ever gives them back (the peer's window shrinks by what it sends).
     */
    void dropped(int n) {
        consumed(n);
        acknowledged += n;
    }

    /** Octets still received and unconsumed (buffered by the application). */
    long buffered() {
        return received - consumed;
    }

    /** Consumed octets not yet returned by WINDOW_UPDATE. */
    long unacknowledged() {
        return Math.max(0, consumed - acknowledged);
    }

    /** Asks the policy; sends and records the increment it chooses (0 when none). */
    int maybeUpdate(WindowUpdatePolicy policy, WindowUpdateSink sink) {
        long pending = unacknowledged();
        if (pending <= 0) {
            return 0;
        }
        long room = (long) FlowWindow.MAX_SIZE - window.size();
        int increment = (int) Math.min(Math.min(policy.increment(target, pending), pending), room);
        if (increment > 0) {
            if (listener != null) {
                listener.beforeWindowUpdate(window.streamId());
            }
            int old = window.size();
            window.expand(increment);
            changed(old, WindowCause.WINDOW_UPDATE);
            acknowledged += increment;
            sink.windowUpdate(window.streamId(), increment);
        }
        return increment;
    }

    /** An explicitly sent WINDOW_UPDATE: returns consumed octets first; any credit beyond them grows the target window. */
    void sent(int increment) {
        if (increment <= 0 || (long) window.size() + increment > FlowWindow.MAX_SIZE) {
            throw new IllegalArgumentException("a WINDOW_UPDATE of " + increment + " on " + window
                    + " must be 1.." + ((long) FlowWindow.MAX_SIZE - window.size()));
        }
        long returned = Math.min(increment, unacknowledged());
        int old = window.size();
        window.expand(increment);
        changed(old, WindowCause.WINDOW_UPDATE);
        acknowledged += returned;
        // credit beyond the consumed octets is a bigger window, not an early acknowledgment
        target = (int) Math.min(FlowWindow.MAX_SIZE, target + (increment - returned));
    }

    /** Our SETTINGS_INITIAL_WINDOW_SIZE changed (stream windows only, §6.9.2). */
    void resize(int newInitial, int oldInitial) {
        int old = window.size();
        window.applyInitialSizeDelta((long) newInitial - oldInitial);
        changed(old, WindowCause.INITIAL_WINDOW_SIZE);
        target = (int) Math.max(0, Math.min(FlowWindow.MAX_SIZE, (long) target + newInitial - oldInitial));
    }

    int size() {
        return window.size();
    }

    int target() {
        return target;
    }
}
