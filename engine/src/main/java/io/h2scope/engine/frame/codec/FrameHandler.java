package io.h2scope.engine.frame.codec;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;

/** Receives what a {@link FrameReader} parses, in wire order. */
public interface FrameHandler {

    /** A complete frame that broke no frame-level rule. */
    void onFrame(Frame frame);

    /**
     * A frame that broke a rule of RFC 9113 §4 or §6 ({@code frame.check.FrameRule}); it is not
     * delivered to {@link #onFrame}. The header is as received, so a caller can still account for
     * the frame's length (RFC9113 §6.9: a DATA frame in error still counts against the
     * connection window). After a connection-scope violation a non-lenient reader is failed.
     */
    void onViolation(FrameHeader header, Violation violation);
}
