package io.h2scope.inspector.model;

import io.h2scope.engine.trace.model.StreamStateChanged;

/**
 * One move of a stream in the RFC 9113 §5.1 state machine, with the frame that made it.
 *
 * @param eventIndex  the change's event number in the recording
 * @param change      the change (from, to, the input that moved it)
 * @param frameNumber the frame whose sending or receipt made the move (the stream's next frame event), or -1 when
 *                    the recording has none (yet)
 */
public record StreamTransition(int eventIndex, StreamStateChanged change, int frameNumber) {
}
