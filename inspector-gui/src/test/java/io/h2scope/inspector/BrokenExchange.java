package io.h2scope.inspector;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A server connection that goes wrong, as its trace would tell it: a stream error answered with RST_STREAM, then a
 * frame that breaks a connection rule answered with GOAWAY, then the close. Connection id 7 over TLS.
 */
public final class BrokenExchange {

    public static final long CONNECTION = 7;
    public static final String DEBUG = "WINDOW_UPDATE increment 0";

    private BrokenExchange() {
    }

    public static List<TraceEvent> events() {
        SpecRef streamRule = SpecRef.rfc9113("5.1");
        SpecRef windowRule = SpecRef.rfc9113("6.9");
        Violation zeroIncrement = new Violation(windowRule, ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR,
                "WINDOW_UPDATE with an increment of 0 on the connection");
        return List.of(
                new ConnectionOpened(CONNECTION, 0, Role.SERVER, "127.0.0.1:8443", "127.0.0.1:51000", "tls", "TLSv1.3",
                        "TLS_AES_128_GCM_SHA256", "h2", "localhost"),
                new ErrorRaised(CONNECTION, 1_000, ErrorScope.STREAM, 3, ErrorCode.STREAM_CLOSED, "RFC 9113 §5.1",
                        "rfc9113/5.1/stream_closed", "DATA on a half-closed (remote) stream"),
                frame(2_000, Direction.OUTBOUND, RstStreamFrame.of(3, ErrorCode.STREAM_CLOSED)),
                frame(3_000, Direction.INBOUND, WindowUpdateFrame.of(0, 1000)),
                new ViolationReceived(CONNECTION, 4_000, new FrameHeader(4, 8, 0, 0, false), zeroIncrement),
                new ErrorRaised(CONNECTION, 4_100, ErrorScope.CONNECTION, 0, ErrorCode.PROTOCOL_ERROR,
                        windowRule.toString(), "rfc9113/6.9/protocol_error", zeroIncrement.detail()),
                frame(5_000, Direction.OUTBOUND, GoAwayFrame.of(3, ErrorCode.PROTOCOL_ERROR,
                        DEBUG.getBytes(StandardCharsets.US_ASCII))),
                new ConnectionClosed(CONNECTION, 6_000, Side.LOCAL, ConnectionClosed.Cause.CONNECTION_ERROR,
                        ErrorCode.PROTOCOL_ERROR.code(), 3, DEBUG, "rfc9113/6.9/protocol_error", 120, 80, 2, 1));
    }

    private static FrameEvent frame(long nanos, Direction direction, Frame frame) {
        return new FrameEvent(CONNECTION, nanos, direction, FrameHeader.of(frame), frame, List.of(), 65535, 65535, -1,
                -1, null);
    }
}
