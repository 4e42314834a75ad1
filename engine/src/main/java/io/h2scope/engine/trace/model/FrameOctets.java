package io.h2scope.engine.trace.model;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.codec.FrameWriter;

/**
 * A traced frame's octets as they were on the wire: the payload the engine's writer makes of the decoded frame, with
 * the event's padding octets in place of the writer's zeros, under the header as recorded (flags and reserved bit
 * kept). DATA the trace left out ({@link FrameEvent#dataOmitted()}) is not in {@link #payload} (what a recording
 * keeps) and is zeros in {@link #wire} (so the frame keeps its length and the ones after it their places). The one
 * home of this for the JSONL recording, the inspector's bytes pane and its exports.
 */
public final class FrameOctets {

    private FrameOctets() {
    }

    /** The frame's payload, padding as it was. */
    public static byte[] payload(FrameEvent event) {
        byte[] payload = FrameWriter.payloadOf(event.frame());
        byte[] padding = event.padding();
        if (padding != null && padding.length <= payload.length) { // padding ends the payload (RFC 9113 §6.1, §6.2, §6.6)
            System.arraycopy(padding, 0, payload, payload.length - padding.length, padding.length);
        }
        return payload;
    }

    /**
     * {@link #payload}, but the frame's own array when the payload is exactly that (a DATA or HEADERS frame with no
     * padding and no priority, the commonest frames): no copy a frame. Only to be read.
     */
    public static byte[] payloadToRead(FrameEvent event) {
        Frame frame = event.frame();
        if (frame instanceof DataFrame d && d.padLength() < 0) {
            return d.data();
        }
        if (frame instanceof HeadersFrame h && h.padLength() < 0 && h.priority() == null) {
            return h.fragment();
        }
        return payload(event);
    }

    /** The 9-octet header and the payload, DATA left out as zeros. */
    public static byte[] wire(FrameEvent event) {
        byte[] payload = withOmittedData(event, payload(event));
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

    /** {@code payload} with the DATA octets the trace left out put back as zeros, after the data it kept. */
    private static byte[] withOmittedData(FrameEvent event, byte[] payload) {
        int omitted = event.dataOmitted();
        if (omitted == 0) {
            return payload;
        }
        DataFrame d = (DataFrame) event.frame();
        int kept = (d.padded() ? 1 : 0) + d.data().length; // Pad Length, then the data kept (RFC 9113 §6.1)
        byte[] whole = new byte[payload.length + omitted];
        System.arraycopy(payload, 0, whole, 0, kept);
        System.arraycopy(payload, kept, whole, kept + omitted, payload.length - kept);
        return whole;
    }
}
