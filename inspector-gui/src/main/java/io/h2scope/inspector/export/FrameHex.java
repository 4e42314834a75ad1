package io.h2scope.inspector.export;

import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.model.WireBytes;

import java.util.HexFormat;

/** A recorded frame's octets ({@link WireBytes}) as text to copy. */
public final class FrameHex {

    private FrameHex() {
    }

    /** The octets as lower-case hex pairs separated by spaces ("00 00 08 06 00 ..."), as "Copy as hex" puts them. */
    public static String hex(FrameEvent event) {
        return HexFormat.ofDelimiter(" ").formatHex(WireBytes.of(event));
    }
}
