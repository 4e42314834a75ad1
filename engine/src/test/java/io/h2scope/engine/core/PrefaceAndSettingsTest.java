package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.stream.StreamState;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 9113 §3.4 (preface) and §6.5 (SETTINGS), byte by byte. */
class PrefaceAndSettingsTest {

    @Test
    void serverSendsSettingsFirstAndAcksTheClients_rfc9113_3_4() {
        CoreHarness p = CoreHarness.server();
        List<Frame> first = p.read();
        SettingsFrame settings = assertInstanceOf(SettingsFrame.class, first.get(0));
        assertTrue(settings.settings().contains(new RawSetting(0x3, 100)), "MAX_CONCURRENT_STREAMS advertised");
        assertTrue(settings.settings().contains(new RawSetting(0x6, 16_384)), "MAX_HEADER_LIST_SIZE advertised");
        assertTrue(settings.settings().contains(new RawSetting(0x2, 0)), "a server advertises ENABLE_PUSH=0");
        p.send(io.h2scope.engine.frame.Preface.bytes());
        p.frame(SettingsFrame.of(List.of()));
        assertEquals(List.of(SettingsFrame.ackFrame()), p.read());
        assertEquals(ConnectionState.OPEN, p.conn.state());
    }

    @Test
    void prefaceAndFramesOneByteAtATime_rfc9113_3_4() {
        CoreHarness p = CoreHarness.server();
        p.read();
        byte[] all = concat(io.h2scope.engine.frame.Preface.bytes(), RawFrameWriter.frame(4, 0, 0, new byte[0]),
                io.h2scope.engine.frame.codec.FrameWriter.encode(HeadersFrame.of(1, p.block(get("/")), true, true)));
        for (byte b : all) {
            p.conn.receive(ByteBuffer.wrap(new byte[] {b}), 5);
        }
        assertEquals(StreamState.HALF_CLOSED_REMOTE, p.conn.streamState(1));
    }

    @Test
    void invalidPrefaceIsProtocolError_rfc9113_3_4() {
        CoreHarness p = CoreHarness.server();
        p.send("PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        GoAwayFrame g = p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
        assertEquals(0, g.lastStreamId());
        assertTrue(p.events.last(Event.ConnectionErrorRaised.class).error().detail().contains("invalid connection preface"));
    }

    @Test
    void http11RequestLineIsNamedInTheDetail_rfc9113_3_4() {
        CoreHarness p = CoreHarness.server();
        p.send("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
        String detail = p.events.last(Event.ConnectionErrorRaised.class).error().detail();
        assertTrue(detail.contains("HTTP/1.1"), detail);
        assertTrue(detail.contains("GET / HTTP/1.1"), detail);
    }

    @Test
    void firstFrameMustBeSettings_rfc9113_3_4() {
        CoreHarness p = CoreHarness.server();
        p.send(io.h2scope.engine.frame.Preface.bytes());
        p.frame(PingFrame.of(1));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void serverPrefaceMustBeSettings_clientSide_rfc9113_3_4() {
        CoreHarness p = CoreHarness.client(ConnectionConfig.DEFAULTS);
        p.frame(WindowUpdateFrame.of(0, 100));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void settingsAckWithPayloadIsFrameSizeError_rfc9113_6_5() {
        CoreHarness p = CoreHarness.server().handshake();
        p.raw(4, 1, 0, new byte[6]);
        p.expectGoAway(ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void settingsLengthNotMultipleOfSixIsFrameSizeError_rfc9113_6_5() {
        CoreHarness p = CoreHarness.server().handshake();
        p.raw(4, 0, 0, new byte[5]);
        p.expectGoAway(ErrorCode.FRAME_SIZE_ERROR);
    }

    @Test
    void settingsOnStreamIsProtocolError_rfc9113_6_5() {
        CoreHarness p = CoreHarness.server().handshake();
        p.raw(4, 0, 1, new byte[0]);
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void enablePushOtherThanZeroOrOneIsProtocolError_rfc9113_6_5_2() {
        CoreHarness p = CoreHarness.server().handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x2, 2)));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void clientRejectsEnablePushFromServer_rfc9113_6_5_2() {
        CoreHarness p = CoreHarness.client(ConnectionConfig.DEFAULTS);
        p.frame(SettingsFrame.of(new RawSetting(0x2, 1)));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void initialWindowSizeAboveMaximumIsFlowControlError_rfc9113_6_5_2() {
        CoreHarness p = CoreHarness.server().handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x4, 0x8000_0000L)));
        p.expectGoAway(ErrorCode.FLOW_CONTROL_ERROR);
    }

    @Test
    void maxFrameSizeOutOfRangeIsProtocolError_rfc9113_6_5_2() {
        CoreHarness p = CoreHarness.server().handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x5, 16_383)));
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void unknownSettingIsIgnored_rfc9113_6_5_2() {
        CoreHarness p = CoreHarness.server().handshake();
        p.frame(SettingsFrame.of(new RawSetting(0xff, 12345)));
        assertEquals(List.of(SettingsFrame.ackFrame()), p.read());
        assertTrue(p.events.last(Event.SettingsReceived.class).received().isEmpty());
    }

    @Test
    void unexpectedSettingsAckIsProtocolError_rfc9113_6_5_3() {
        CoreHarness p = CoreHarness.server().handshake();
        p.frame(SettingsFrame.ackFrame());
        p.expectGoAway(ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void settingsTimeoutViaTick_rfc9113_6_5_3() {
        CoreHarness p = CoreHarness.server();
        p.send(io.h2scope.engine.frame.Preface.bytes());
        p.frame(SettingsFrame.of(List.of())); // never ACKs ours
        p.conn.tick(p.now + 9_000_000_000L);
        p.expectNoError();
        p.conn.tick(1_000 + 10_000_000_000L);
        p.expectGoAway(ErrorCode.SETTINGS_TIMEOUT);
    }

    @Test
    void initialWindowSizeChangeAppliesToOpenStreams_rfc9113_6_9_2() {
        CoreHarness p = CoreHarness.server().handshake();
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), false);
        p.conn.sendData(1, ByteBuffer.wrap(new byte[100]), false);
        p.read();
        p.frame(SettingsFrame.of(new RawSetting(0x4, 10)));
        assertEquals(10 - 100, p.conn.streams().get(0).sendWindow(), "may go negative");
        p.frame(SettingsFrame.of(new RawSetting(0x4, 1000)));
        assertEquals(1000 - 100, p.conn.streams().get(0).sendWindow());
    }

    @Test
    void maxFrameSizeAppliesToOurWriter_rfc9113_4_2() {
        CoreHarness p = CoreHarness.server().handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x5, 20_000), new RawSetting(0x4, 100_000)));
        p.frame(WindowUpdateFrame.of(0, 100_000));
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, status(200), false);
        p.conn.sendData(1, ByteBuffer.wrap(new byte[50_000]), true);
        List<Integer> sizes = p.readAll(io.h2scope.engine.frame.DataFrame.class).stream()
                .map(d -> d.data().length).toList();
        assertEquals(List.of(20_000, 20_000, 10_000), sizes);
    }

    @Test
    void headerTableSizeAppliesToOurEncoder_rfc9113_6_5_2() {
        CoreHarness p = CoreHarness.server().handshake();
        p.frame(SettingsFrame.of(new RawSetting(0x1, 0)));
        p.headers(1, get("/"), true);
        p.conn.sendHeaders(1, List.of(new io.h2scope.engine.hpack.HeaderField(":status", "200"),
                new io.h2scope.engine.hpack.HeaderField("x-custom", "value")), true);
        HeadersFrame h = p.readAll(HeadersFrame.class).get(0);
        assertEquals(0x20, h.fragment()[0] & 0xff, "block starts with a dynamic table size update to 0");
        assertEquals(0, p.conn.encoderTable().length());
    }

    @Test
    void ourHeaderTableSizeReachesTheDecoderOnAck_rfc9113_6_5_3() {
        CoreHarness p = CoreHarness.server().handshake();
        p.conn.updateSettings(p.conn.localSettingsAnnounced().toBuilder().headerTableSize(100).build());
        assertEquals(4096, p.conn.decoderTable().maxSize());
        p.frame(SettingsFrame.ackFrame());
        // the next block must start with a size update (RFC 7541 §4.2); without it: COMPRESSION_ERROR
        p.headers(1, get("/"), true);
        p.expectGoAway(ErrorCode.COMPRESSION_ERROR);
        assertEquals(FrameType.GOAWAY.code(), p.received.get(p.received.size() - 1).typeCode());
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] part : parts) {
            n += part.length;
        }
        ByteBuffer b = ByteBuffer.allocate(n);
        for (byte[] part : parts) {
            b.put(part);
        }
        return b.array();
    }
}
