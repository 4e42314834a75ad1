package io.h2scope.inspector.model;

import io.h2scope.engine.frame.codec.FrameOutput;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.trace.model.FrameEvent;

/**
 * A recorded frame as it went over the wire: its 9-octet header (flags and reserved bit as recorded) and the payload
 * the engine's writer makes of the decoded frame. Padding octets come out as zeros (RFC 9113 §6.1: padding "MUST be
 * set to zero when sending"; a peer that sent other octets is not shown them).
 */
public final class WireBytes {

    private WireBytes() {
    }

    public static byte[] of(FrameEvent event) {
        FrameOutput out = new FrameOutput(9 + event.header().length());
        RawFrameWriter.writeFrameAs(out, event.frame(), event.header().flags(), event.header().streamId(),
                event.header().reservedBit());
        return out.toByteArray();
    }
}
