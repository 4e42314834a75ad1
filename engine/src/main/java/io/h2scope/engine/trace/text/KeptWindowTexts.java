package io.h2scope.engine.trace.text;

import io.h2scope.engine.stream.StreamState;

/**
 * The last few window texts of the frame lines one thread made, copied whole when they come again: the connection's
 * ({@code  | window conn send=1073740569 recv=1048576}: a request's HEADERS lines repeat the one of the DATA line
 * before them) or a stream's with its state ({@code , stream send=65535 recv=65535 | open}: every stream opens with
 * the same windows). A text depends on its two windows and the state only. Not thread-safe: one of each kind per
 * {@link FrameLineMaker}; a text that does not come again allocates nothing.
 */
final class KeptWindowTexts {

    private final boolean connection;
    private final int[] sends;
    private final int[] receives;
    private final StreamState[] states;
    private final AsciiLine[] texts;
    private int next; // the slot a new text goes to

    private KeptWindowTexts(boolean connection, int slots) {
        this.connection = connection;
        sends = new int[slots];
        receives = new int[slots];
        states = new StreamState[slots];
        texts = new AsciiLine[slots];
        for (int slot = 0; slot < slots; slot++) {
            texts[slot] = new AsciiLine(64);
        }
    }

    /** The connection's windows ({@link TraceText#connectionWindows}): a line's last two, mostly. */
    static KeptWindowTexts connection() {
        return new KeptWindowTexts(true, 2);
    }

    /** A stream's windows and state ({@link TraceText#streamTail}): a few, a request's and its response's. */
    static KeptWindowTexts stream() {
        return new KeptWindowTexts(false, 4);
    }

    /** Appends the text of windows {@code send} and {@code receive} (and a stream's {@code state}), kept or made. */
    void append(LineText line, int send, int receive, StreamState state) {
        for (int slot = 0; slot < texts.length; slot++) {
            if (sends[slot] == send && receives[slot] == receive && states[slot] == state
                    && texts[slot].length() > 0) {
                line.append(texts[slot]);
                return;
            }
        }
        int start = line.length();
        if (connection) {
            TraceText.connectionWindows(line, send, receive);
        } else {
            TraceText.streamTail(line, send, receive, state);
        }
        int slot = next;
        next = (next + 1) % texts.length;
        sends[slot] = send;
        receives[slot] = receive;
        states[slot] = state;
        line.copyTail(start, texts[slot]);
    }
}
