package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.stream.StreamState;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 9113 §6: each frame type's receive rules, byte by byte. */
class FrameRulesTest {

    private final CoreHarness p = CoreHarness.server().handshake();

    @Test
    void dataOnStreamZeroIsProtocolError_rfc9113_6_1() {
        p.raw(0x0, 0, 0, new byte[1]);
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void dataPaddingTooLongIsProtocolError_rfc9113_6_1() {
        p.headers(1, get("/"), false);
        p.raw(0x0, 0x8, 1, new byte[] {5, 0, 0});
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void paddingCountsTowardFlowControlAndIsReturned_rfc9113_6_1() {
        p.headers(1, get("/"), false);
        p.frame(DataFrame.padded(1, new byte[10], false, 100));
        Event.DataReceived d = p.events.last(Event.DataReceived.class);
        assertEquals(10, d.data().length);
        assertEquals(111, d.flowControlledLength());
        assertEquals(65_535 - 111, p.conn.connectionReceiveWindow(), "HALF policy: 101 octets of padding are not yet returned");
    }

    @Test
    void dataBeyondConnectionWindowIsFlowControlError_rfc9113_6_9_1() {
        p.frame(SettingsFrame.of(new RawSetting(0x5, 1 << 20)));
        p.conn.updateSettings(p.conn.localSettingsAnnounced().toBuilder().maxFrameSize(1 << 20)
                .initialWindowSize(1 << 20).build());
        p.headers(1, get("/"), false);
        p.frame(DataFrame.of(1, new byte[65_536], false));
        p.expectGoAway(ErrorCode.FLOW_CONTROL_ERROR);
    }

    @Test
    void dataBeyondStreamWindowIsStreamFlowControlError_rfc9113_6_9_1() {
        CoreHarness small = CoreHarness.server(ConnectionConfig.DEFAULTS.withWindows(100, 65_535)).handshake();
        small.headers(1, get("/"), false);
        small.frame(DataFrame.of(1, new byte[101], false));
        small.expectRst(1, ErrorCode.FLOW_CONTROL_ERROR);
    }

    @Test
    void dataOverMaxFrameSizeIsFrameSizeError_rfc9113_4_2() {
        p.headers(1, get("/"), false);
        p.raw(0x0, 0, 1, new byte[16_385]);
        p.expectRst(1, ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void headersOverMaxFrameSizeIsConnectionFrameSizeError_rfc9113_4_2() {
        p.raw(0x1, 0x5, 1, new byte[16_385]);
        p.expectGoAway(ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void headersOnStreamZeroIsProtocolError_rfc9113_6_2() {
        p.raw(0x1, 0x5, 0, p.block(get("/")));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void hpackDecodingErrorIsCompressionError_rfc9113_4_3() {
        p.raw(0x1, 0x5, 1, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f});
        p.expectGoAway(ErrorCode.COMPRESSION_ERROR);
    }

    @Test
    void headersSelfDependencyIsStreamError_rfc7540_5_3_1() {
        p.frame(HeadersFrame.withPriority(1, p.block(get("/")), false, true, new Priority(1, false, 16)));
        p.expectRst(1, ErrorCode.PROTOCOL_ERROR);
        p.headers(3, get("/"), true); // HPACK stayed in sync
        p.expectRst(1, ErrorCode.PROTOCOL_ERROR);
        assertEquals(StreamState.HALF_CLOSED_REMOTE, p.conn.streamState(3));
    }

    @Test
    void priorityWrongLengthIsStreamFrameSizeError_rfc9113_6_3() {
        p.headers(1, get("/"), false);
        p.raw(0x2, 0, 1, new byte[4]);
        p.expectRst(1, ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void prioritySelfDependencyIsStreamError_rfc7540_5_3_1() {
        p.headers(1, get("/"), false);
        p.frame(PriorityFrame.of(1, new Priority(1, true, 1)));
        p.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void priorityOnStreamZeroIsProtocolError_rfc9113_6_3() {
        p.raw(0x2, 0, 0, new byte[5]);
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void rstStreamWrongLengthIsFrameSizeError_rfc9113_6_4() {
        p.headers(1, get("/"), false);
        p.raw(0x3, 0, 1, new byte[3]);
        p.expectGoAway(ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void rstStreamClosesTheStreamAndIsReported_rfc9113_6_4() {
        p.headers(1, get("/"), false);
        p.frame(io.h2scope.engine.frame.RstStreamFrame.of(1, ErrorCode.CANCEL));
        p.expectNoError();
        Event.StreamReset r = p.events.last(Event.StreamReset.class);
        assertTrue(r.byPeer());
        assertEquals("CANCEL", r.errorName());
        assertEquals(StreamState.CLOSED, p.conn.streamState(1));
    }

    @Test
    void pushPromiseToServerIsProtocolError_rfc9113_8_4() {
        p.headers(1, get("/"), false);
        p.frame(PushPromiseFrame.of(1, 2, p.block(get("/x")), true));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void pushPromiseWhenPushDisabledIsProtocolError_rfc9113_6_6() {
        CoreHarness c = CoreHarness.client(ConnectionConfig.DEFAULTS).handshake();
        c.conn.openStream(get("/"), true);
        c.frame(PushPromiseFrame.of(1, 2, c.block(get("/x")), true));
        c.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void pingIsAnsweredWithIdenticalPayload_rfc9113_6_7() {
        p.frame(PingFrame.of(0x0102030405060708L));
        assertEquals(List.of(PingFrame.ackOf(0x0102030405060708L)), p.read());
        p.frame(PingFrame.ackOf(77)); // an unsolicited ACK is ignored
        p.expectNoError();
        assertTrue(p.events.all(Event.PingAcked.class).isEmpty());
    }

    @Test
    void pingOnStreamIsProtocolError_rfc9113_6_7() {
        p.raw(0x6, 0, 1, new byte[8]);
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void goAwayOnStreamIsProtocolError_rfc9113_6_8() {
        p.raw(0x7, 0, 1, new byte[8]);
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void goAwayReceivedIsReported_rfc9113_6_8() {
        p.headers(1, get("/"), false);
        p.frame(io.h2scope.engine.frame.GoAwayFrame.of(0, ErrorCode.NO_ERROR, "bye".getBytes()));
        Event.GoAwayReceived g = p.events.last(Event.GoAwayReceived.class);
        assertEquals("bye", new String(g.debugData()));
        assertEquals(ConnectionState.GOAWAY_RECEIVED, p.conn.state());
        assertEquals(StreamState.OPEN, p.conn.streamState(1), "the peer's own streams go on");
    }

    @Test
    void windowUpdateZeroOnStreamIsStreamError_rfc9113_6_9() {
        p.headers(1, get("/"), false);
        p.frame(WindowUpdateFrame.of(1, 0));
        p.expectRst(1, ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void windowUpdateZeroOnConnectionIsConnectionError_rfc9113_6_9() {
        p.frame(WindowUpdateFrame.of(0, 0));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void windowUpdateWrongLengthIsFrameSizeError_rfc9113_6_9() {
        p.raw(0x8, 0, 0, new byte[3]);
        p.expectGoAway(ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void streamWindowOverflowIsStreamFlowControlError_rfc9113_6_9_1() {
        p.headers(1, get("/"), false);
        p.frame(WindowUpdateFrame.of(1, Integer.MAX_VALUE));
        p.expectRst(1, ErrorCode.FLOW_CONTROL_ERROR);
    }

    @Test
    void connectionWindowOverflowIsConnectionFlowControlError_rfc9113_6_9_1() {
        p.frame(WindowUpdateFrame.of(0, Integer.MAX_VALUE));
        p.expectGoAway(ErrorCode.FLOW_CONTROL_ERROR);
    }

    @Test
    void windowUpdateReleasesQueuedData_rfc9113_6_9() {
        p.frame(SettingsFrame.of(new RawSetting(0x4, 10)));
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), false);
        p.conn.sendData(1, ByteBuffer.wrap(new byte[25]), true);
        assertEquals(List.of(10), dataSizes(p.read()));
        p.frame(WindowUpdateFrame.of(1, 10));
        assertEquals(List.of(10), dataSizes(p.read()));
        assertEquals(10, p.events.last(Event.WindowUpdated.class).sendWindow());
        p.frame(WindowUpdateFrame.of(1, 100));
        assertEquals(List.of(5), dataSizes(p.read()));
        assertEquals(StreamState.CLOSED, p.conn.streamState(1));
    }

    @Test
    void smallBodyWithinTheWindowsGoesOutAtOnceAndLaterDataQueuesBehindQueuedData_rfc9113_6_9_1() {
        p.frame(SettingsFrame.of(new RawSetting(0x4, 10)));
        p.headers(1, get("/"), false);
        p.headers(3, get("/"), true);
        p.conn.sendHeaders(1, status(200), false);
        p.conn.sendHeaders(3, status(200), false);
        ByteBuffer small = ByteBuffer.wrap(new byte[8]);
        p.conn.sendData(1, small, false);
        assertEquals(0, small.remaining(), "the caller's buffer is consumed");
        assertEquals(0, p.conn.queuedDataBytes(1));
        p.conn.sendData(1, ByteBuffer.wrap(new byte[4]), false); // 2 bytes of window left: 2 go, 2 wait
        assertEquals(2, p.conn.queuedDataBytes(1));
        p.conn.sendData(1, ByteBuffer.wrap(new byte[0]), true); // END_STREAM waits behind the queued bytes
        p.conn.sendData(3, ByteBuffer.wrap(new byte[3]), true);
        assertEquals(List.of(8, 2, 3), dataSizes(p.read()));
        p.frame(WindowUpdateFrame.of(1, 100));
        assertEquals(List.of(2), dataSizes(p.read()));
        assertEquals(StreamState.HALF_CLOSED_LOCAL, p.conn.streamState(1), "response ended, the request of stream 1 still open");
        assertEquals(StreamState.CLOSED, p.conn.streamState(3));
    }

    @Test
    void continuationWithoutHeadersIsProtocolError_rfc9113_6_10() {
        p.frame(ContinuationFrame.of(1, new byte[0], true));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void otherFrameInsideFieldBlockIsProtocolError_rfc9113_6_10() {
        byte[] block = p.block(get("/"));
        p.frame(HeadersFrame.of(1, Arrays.copyOf(block, 2), true, false));
        p.frame(PingFrame.of(1));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void continuationOnOtherStreamIsProtocolError_rfc9113_6_10() {
        byte[] block = p.block(get("/"));
        p.frame(HeadersFrame.of(1, Arrays.copyOf(block, 2), true, false));
        p.frame(ContinuationFrame.of(3, Arrays.copyOfRange(block, 2, block.length), true));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void fieldBlockAcrossContinuationsIsDecodedOnce_rfc9113_6_10() {
        byte[] block = p.block(get("/split"));
        p.frame(HeadersFrame.of(1, Arrays.copyOf(block, 2), true, false));
        p.frame(ContinuationFrame.of(1, Arrays.copyOfRange(block, 2, 5), false));
        p.frame(ContinuationFrame.of(1, Arrays.copyOfRange(block, 5, block.length), true));
        p.expectNoError();
        Event.HeadersReceived h = p.events.last(Event.HeadersReceived.class);
        assertEquals("/split", HeaderSections.valueOf(h.headers(), ":path"));
        assertTrue(h.endStream());
    }

    private static List<Integer> dataSizes(List<Frame> frames) {
        return frames.stream().filter(f -> f instanceof DataFrame).map(f -> ((DataFrame) f).data().length).toList();
    }
}
