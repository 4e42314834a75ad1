package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One HTTP/2 frame as the relay reads it off the wire, without judging it: what a fault forwards, rewrites, drops or
 * adds.
 *
 * @param type    the frame type's code
 * @param flags   the flags octet
 * @param stream  the stream identifier (the reserved bit dropped)
 * @param payload the payload octets
 */
record RawFrame(int type, int flags, int stream, byte[] payload) {

    private static final int HEADER = 9;
    /** {@code :status 200} as an indexed field of the static table (RFC 7541 Appendix A, index 8). */
    private static final byte STATUS_200_INDEXED = (byte) 0x88;

    /** The next frame, or null when the stream ended cleanly between frames. */
    static RawFrame read(DataInputStream in) throws IOException {
        byte[] header = new byte[HEADER];
        int first = in.read();
        if (first < 0) {
            return null;
        }
        header[0] = (byte) first;
        in.readFully(header, 1, HEADER - 1);
        int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | header[2] & 0xff;
        int stream = ((header[5] & 0x7f) << 24 | (header[6] & 0xff) << 16 | (header[7] & 0xff) << 8 | header[8] & 0xff);
        byte[] payload = new byte[length];
        try {
            in.readFully(payload);
        } catch (EOFException e) {
            throw new EOFException("the connection ended inside a frame of " + length + " octets");
        }
        return new RawFrame(header[3] & 0xff, header[4] & 0xff, stream, payload);
    }

    byte[] encode() {
        return RawFrameWriter.frame(type, flags, stream, payload);
    }

    boolean is(FrameType t) {
        return type == t.code();
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    RawFrame withFlags(int newFlags) {
        return new RawFrame(type, newFlags, stream, payload);
    }

    RawFrame onStream(int newStream) {
        return new RawFrame(type, flags, newStream, payload);
    }

    RawFrame withPayload(byte[] newPayload) {
        return new RawFrame(type, flags, stream, newPayload);
    }

    /** The 31-bit value at {@code offset} of the payload, reserved bit dropped (a GOAWAY's last stream). */
    int intAt(int offset) {
        return (payload[offset] & 0x7f) << 24 | (payload[offset + 1] & 0xff) << 16 | (payload[offset + 2] & 0xff) << 8
                | payload[offset + 3] & 0xff;
    }

    /** One setting of a SETTINGS payload (RFC 9113 §6.5.1): its identifier and its value, unsigned. */
    record Setting(int id, long value) {
    }

    /** The settings of a SETTINGS payload, in the order sent (a trailing part of an entry is left out). */
    List<Setting> settings() {
        ByteBuffer in = ByteBuffer.wrap(payload);
        List<Setting> settings = new ArrayList<>();
        while (in.remaining() >= 6) {
            settings.add(new Setting(in.getShort() & 0xffff, in.getInt() & 0xffff_ffffL));
        }
        return settings;
    }

    /** A SETTINGS payload of {@code settings}, in order. */
    static byte[] settingsPayload(List<Setting> settings) {
        ByteBuffer out = ByteBuffer.allocate(settings.size() * 6);
        settings.forEach(s -> out.putShort((short) s.id()).putInt((int) s.value()));
        return out.array();
    }

    /** A HEADERS of {@code :status 200} alone, indexed from the static table so that no dynamic table changes. */
    static RawFrame status200(int stream, int flags) {
        return of(FrameType.HEADERS, flags, stream, new byte[] {STATUS_200_INDEXED});
    }

    static RawFrame of(FrameType type, int flags, int stream, byte[] payload) {
        return new RawFrame(type.code(), flags, stream, payload);
    }
}
