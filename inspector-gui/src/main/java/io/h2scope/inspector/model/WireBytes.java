package io.h2scope.inspector.model;

import io.h2scope.engine.trace.model.FrameOctets;
import io.h2scope.engine.trace.model.FrameEvent;

/**
 * A recorded frame as it went over the wire ({@link FrameOctets#wire}): its 9-octet header as recorded and its
 * payload, padding octets as they came where the recording kept them (zeros otherwise, as RFC 9113 §6.1 says a
 * sender writes them). The octets every view and export of the inspector shows.
 */
public final class WireBytes {

    private WireBytes() {
    }

    public static byte[] of(FrameEvent event) {
        return FrameOctets.wire(event);
    }
}
