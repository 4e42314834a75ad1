package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.flow.WindowUpdateSink;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.WindowUpdateFrame;

/**
 * Control frames the peer provoked (SETTINGS and PING ACKs, RST_STREAM, WINDOW_UPDATE), each counted
 * against the limit of control frames queued unread: a peer that provokes them and never reads is cut
 * off (RFC 9113 §10.5). Also the sink flow control sends its WINDOW_UPDATEs through.
 */
final class ControlReplies implements WindowUpdateSink {

    private final Output output;
    private final FloodGuard guard;

    ControlReplies(Output output, FloodGuard guard) {
        this.output = output;
        this.guard = guard;
    }

    /** @throws io.h2scope.engine.error.ConnectionError when the unread control frames pass the limit */
    void write(Frame frame) {
        guard.checkQueuedControlFrames(output.control(frame));
    }

    @Override
    public void windowUpdate(int streamId, int increment) {
        write(WindowUpdateFrame.of(streamId, increment));
    }
}
