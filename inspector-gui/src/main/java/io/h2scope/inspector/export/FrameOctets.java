package io.h2scope.inspector.export;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.trace.model.FrameEvent;

import java.util.HexFormat;

/** A recorded frame's octets as they went over the wire: its header as recorded (reserved bit kept), then its payload. */
public final class FrameOctets {

    private FrameOctets() {
    }

    public static byte[] of(FrameEvent event) {
        byte[] payload = FrameWriter.payloadOf(event.frame());
        FrameHeader h = event.header();
        byte[] wire = new byte[FrameSizes.HEADER_LENGTH + payload.length];
        wire[0] = (byte) (payload.length >>> 16);
        wire[1] = (byte) (payload.length >>> 8);
        wire[2] = (byte) payload.length;
        wire[3] = (byte) h.typeCode();
        wire[4] = (byte) h.flags();
        int stream = h.streamId() | (h.reservedBit() ? 0x8000_0000 : 0);
        wire[5] = (byte) (stream >>> 24);
        wire[6] = (byte) (stream >>> 16);
        wire[7] = (byte) (stream >>> 8);
        wire[8] = (byte) stream;
        System.arraycopy(payload, 0, wire, FrameSizes.HEADER_LENGTH, payload.length);
        return wire;
    }

    /** The octets as lower-case hex pairs separated by spaces ("00 00 08 06 00 ..."), as "Copy as hex" puts them. */
    public static String hex(FrameEvent event) {
        return HexFormat.ofDelimiter(" ").formatHex(of(event));
    }
}
