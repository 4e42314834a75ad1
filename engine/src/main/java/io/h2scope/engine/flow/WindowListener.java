package io.h2scope.engine.flow;

/**
 * Told of every change of every flow-control window, as it is applied (for the trace). Installed only
 * when something listens, so a connection without tracing pays one null check per window change.
 */
public interface WindowListener {

    /** {@code streamId} 0 is the connection window. */
    void windowChanged(int streamId, WindowSide side, int oldSize, int newSize, WindowCause cause);

    /**
     * We are about to grant the peer credit with a WINDOW_UPDATE our policy chose: an answer to what was
     * received, told before the window grows so the listener can first finish with what caused it.
     */
    default void beforeWindowUpdate(int streamId) {
    }
}
