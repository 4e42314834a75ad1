package io.h2scope.inspector.model;

import io.h2scope.engine.flow.WindowCause;

/**
 * One flow-control window's size after one change (RFC 9113 §6.9): a point of a window chart.
 *
 * @param eventIndex the change's event number in the recording
 * @param nanos      time since the connection started
 * @param oldSize    the size before
 * @param size       the size after (negative is possible after a SETTINGS_INITIAL_WINDOW_SIZE decrease, §6.9.2)
 * @param cause      what moved it
 */
public record WindowPoint(int eventIndex, long nanos, int oldSize, int size, WindowCause cause) {

    /** The window is closed here: the side that sends on it must wait for a WINDOW_UPDATE. */
    public boolean stalled() {
        return size <= 0;
    }
}
