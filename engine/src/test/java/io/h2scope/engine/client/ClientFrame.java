package io.h2scope.engine.client;

import java.io.DataInputStream;
import java.io.IOException;

/**
 * One frame a test's scripted raw server read from the client under test: its type, flags and stream id, the payload
 * read and dropped (the scripts answer by type, never by content).
 */
record ClientFrame(int type, int flags, int streamId) {

    /** Reads the next frame off {@code in}; blocks until it is whole. */
    static ClientFrame read(DataInputStream in) throws IOException {
        byte[] header = new byte[9];
        in.readFully(header);
        int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | header[2] & 0xff;
        in.readFully(new byte[length]);
        int streamId = (header[5] & 0x7f) << 24 | (header[6] & 0xff) << 16 | (header[7] & 0xff) << 8 | header[8] & 0xff;
        return new ClientFrame(header[3], header[4] & 0xff, streamId);
    }

    /** A SETTINGS frame that is not an ACK: the script owes one (RFC 9113 §6.5.3). */
    boolean settingsToAck() {
        return type == 0x4 && (flags & 0x1) == 0;
    }

    boolean headers() {
        return type == 0x1;
    }
}
