package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.stream.StreamState;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 9113 §5 (stream states, identifiers, concurrency, error handling, extensions), byte by byte. */
class StreamRulesTest {

    private final CoreHarness p = CoreHarness.server().handshake();

    @Test
    void dataOnIdleStreamIsConnectionError_rfc9113_5_1() {
        p.frame(DataFrame.of(1, new byte[1], false));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void windowUpdateOnIdleStreamIsConnectionError_rfc9113_5_1() {
        p.frame(WindowUpdateFrame.of(1, 1));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void rstStreamOnIdleStreamIsConnectionError_rfc9113_6_4() {
        p.frame(RstStreamFrame.of(1, ErrorCode.CANCEL));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void priorityOnIdleStreamIsAllowed_rfc9113_5_1() {
        p.frame(PriorityFrame.of(3, new Priority(0, false, 16)));
        p.expectNoError();
        assertEquals(StreamState.IDLE, p.conn.streamState(3));
    }

    @Test
    void dataAfterEndStreamIsStreamClosed_rfc9113_5_1() {
        p.headers(1, get("/"), true);
        p.frame(DataFrame.of(1, new byte[5], false));
        p.expectRst(1, ErrorCode.STREAM_CLOSED);
        assertTrue(p.events.has(Event.StreamErrorRaised.class));
    }

    @Test
    void headersAfterEndStreamIsStreamClosed_rfc9113_5_1() {
        p.headers(1, get("/"), true);
        p.headers(1, List.of(new io.h2scope.engine.hpack.HeaderField("x", "y")), true);
        p.expectRst(1, ErrorCode.STREAM_CLOSED);
    }

    @Test
    void dataOnStreamClosedByEndStreamBothWaysIsStreamClosed_rfc9113_6_1() {
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), true);
        p.read();
        p.frame(DataFrame.of(1, new byte[5], false));
        p.expectRst(1, ErrorCode.STREAM_CLOSED);
        assertEquals(65_535 - 5, p.conn.connectionReceiveWindow(), "the DATA counted against the connection window");
    }

    @Test
    void headersOnClosedStreamIsConnectionError_rfc9113_5_1() {
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), true);
        p.headers(1, get("/"), true);
        p.expectGoAway(ErrorCode.STREAM_CLOSED);
    }

    @Test
    void framesAfterOurResetAreDiscarded_rfc9113_5_1() {
        p.headers(1, get("/"), false);
        p.conn.reset(1, ErrorCode.CANCEL);
        assertEquals(List.of(RstStreamFrame.of(1, ErrorCode.CANCEL)), p.read());
        p.received.clear();
        p.frame(DataFrame.of(1, new byte[100], false));
        p.headers(1, List.of(new io.h2scope.engine.hpack.HeaderField("trailer", "x")), true);
        p.frame(WindowUpdateFrame.of(1, 10));
        p.expectNoError();
        assertTrue(p.events.all(Event.DataReceived.class).isEmpty());
    }

    @Test
    void evenStreamFromClientIsProtocolError_rfc9113_5_1_1() {
        p.headers(2, get("/"), true);
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void decreasingStreamIdIsProtocolError_rfc9113_5_1_1() {
        p.headers(5, get("/"), true);
        p.headers(3, get("/"), true);
        GoAwayFrame g = p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
        assertEquals(5, g.lastStreamId());
    }

    @Test
    void lowerIdleStreamsCloseImplicitly_rfc9113_5_1_1() {
        p.headers(7, get("/"), false);
        assertEquals(StreamState.CLOSED, p.conn.streamState(3));
        assertEquals(StreamState.OPEN, p.conn.streamState(7));
    }

    @Test
    void streamsAboveTheLimitAreRefused_rfc9113_5_1_2() {
        CoreHarness small = CoreHarness.server(ConnectionConfig.DEFAULTS.withLimits(
                io.h2scope.engine.core.limits.Limits.builder().maxConcurrentStreams(2).build())).handshake();
        small.headers(1, get("/"), false);
        small.headers(3, get("/"), false);
        small.expectNoError();
        small.headers(5, get("/"), false);
        small.expectRst(5, ErrorCode.REFUSED_STREAM);
        assertEquals(StreamState.OPEN, small.conn.streamState(3));
    }

    @Test
    void concurrencyLimitHoldsBeforeOurSettingsAreAcked_sec16_rfc9113_5_1_2() {
        CoreHarness fresh = CoreHarness.server(ConnectionConfig.DEFAULTS.withLimits(
                io.h2scope.engine.core.limits.Limits.builder().maxConcurrentStreams(1).build()));
        fresh.send(io.h2scope.engine.frame.Preface.bytes());
        fresh.frame(io.h2scope.engine.frame.SettingsFrame.of(List.of())); // no ACK of ours
        fresh.headers(1, get("/"), false);
        fresh.headers(3, get("/"), false);
        fresh.expectRst(3, ErrorCode.REFUSED_STREAM);
    }

    @Test
    void connectionErrorSendsGoAwayWithLastProcessedStream_rfc9113_5_4_1() {
        p.headers(1, get("/"), true);
        p.headers(3, get("/"), true);
        p.raw(0x6, 0, 0, new byte[7]); // PING of the wrong length
        GoAwayFrame g = p.expectGoAway(ErrorCode.FRAME_SIZE_ERROR);
        assertEquals(3, g.lastStreamId());
        assertTrue(p.events.has(Event.ConnectionClosed.class));
        p.headers(5, get("/"), true); // nothing is read after the end
        assertEquals(StreamState.IDLE, p.conn.streamState(5));
    }

    @Test
    void unknownFrameTypeIsIgnored_rfc9113_5_5() {
        p.frame(new UnknownFrame(0xbe, 0xff, 0, new byte[10]));
        p.frame(new UnknownFrame(0xbe, 0, 7, new byte[0]));
        p.expectNoError();
        p.frame(PingFrame.of(9));
        assertEquals(List.of(PingFrame.ackOf(9)), p.read());
    }

    @Test
    void unknownFrameInsideFieldBlockIsProtocolError_rfc9113_5_5() {
        byte[] block = p.block(get("/"));
        p.frame(HeadersFrame.of(1, Arrays.copyOf(block, 3), true, false));
        p.frame(new UnknownFrame(0xbe, 0, 0, new byte[0]));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void unknownFlagsAndReservedBitAreIgnored_rfc9113_4_1() {
        p.raw(0x6, 0xfe, 0, new byte[8]); // PING with every undefined flag set
        byte[] block = p.block(get("/"));
        // HEADERS with END_STREAM|END_HEADERS, undefined flag 0x40 and the reserved bit set
        p.send(io.h2scope.engine.frame.codec.RawFrameWriter.frame(block.length, 0x1, 0x45, 1, true, block));
        p.expectNoError();
        assertEquals(StreamState.HALF_CLOSED_REMOTE, p.conn.streamState(1));
        assertEquals(PingFrame.ackOf(0), p.received.get(0));
    }

    @Test
    void streamErrorLeavesOtherStreamsAlone_rfc9113_5_4_2() {
        p.headers(1, get("/"), false);
        p.headers(3, get("/"), false);
        p.frame(WindowUpdateFrame.of(1, 0));
        p.expectRst(1, ErrorCode.PROTOCOL_ERROR);
        assertEquals(StreamState.CLOSED, p.conn.streamState(1));
        assertEquals(StreamState.OPEN, p.conn.streamState(3));
        p.frame(ContinuationFrame.of(3, new byte[0], true));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }
}
