package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 7540 §3.2, §3.2.1, §3.5: a client connection that starts from an HTTP/1.1 Upgrade: h2c answered with 101. */
class ClientUpgradeStartTest {

    /** Windows and a header list limit that differ from the RFC defaults, so the SETTINGS payload is not empty. */
    private static final ConnectionConfig CONFIG = ConnectionConfig.DEFAULTS.withWindows(1 << 20, 8 << 20);

    private final CoreHarness p = CoreHarness.client(CONFIG);

    private void upgraded(String method) {
        p.conn.startFromUpgrade(Http2Connection.h2cSettingsHeader(CONFIG), get("/").stream()
                .map(f -> f.name().equals(":method") ? new HeaderField(":method", method) : f).toList(), p.now);
    }

    @Test
    void settingsHeaderIsThePrefaceSettingsPayloadInBase64urlWithoutPadding_rfc7540_3_2_1() {
        String header = Http2Connection.h2cSettingsHeader(CONFIG);
        assertTrue(header.matches("[A-Za-z0-9_-]+"), "base64url alphabet, no '=': " + header);
        upgraded("GET");
        SettingsFrame first = assertInstanceOf(SettingsFrame.class, p.read().get(0));
        assertFalse(first.ack());
        assertArrayEquals(FrameWriter.payloadOf(first), Base64.getUrlDecoder().decode(header));
        assertEquals(1 << 20, first.settings().stream().filter(s -> s.id() == 4).findFirst().orElseThrow().value(),
                "INITIAL_WINDOW_SIZE is among the announced settings");
    }

    @Test
    void clientStillSendsPrefaceAndSettingsAfterThe101_rfc7540_3_5() {
        upgraded("GET");
        ByteBuffer out = ByteBuffer.allocate(1 << 16);
        p.conn.drainOutput(out);
        out.flip();
        byte[] preface = new byte[Preface.LENGTH];
        out.get(preface);
        assertArrayEquals(Preface.bytes(), preface, "RFC 7540 §3.5: the preface follows the 101");
        byte[] header = new byte[9];
        out.get(header);
        assertEquals(0x4, header[3], "a SETTINGS frame right after the preface");
    }

    @Test
    void upgradedRequestIsStream1HalfClosedLocal_rfc7540_3_2() {
        upgraded("GET");
        assertEquals(StreamState.HALF_CLOSED_LOCAL, p.conn.streamState(1));
        for (Frame f : p.read()) {
            assertFalse(f instanceof HeadersFrame, "the request went over HTTP/1.1, no HEADERS for it: " + f);
        }
        assertThrows(IllegalStateException.class, () -> p.conn.sendData(1, ByteBuffer.wrap(new byte[1]), true),
                "no request body can follow on a half-closed (local) stream");
    }

    @Test
    void responseArrivesOnStream1_rfc7540_3_2() {
        upgraded("GET");
        p.handshake();
        p.headers(1, status(200), false);
        p.frame(DataFrame.of(1, "hello".getBytes(), true));
        p.expectNoError();
        Event.HeadersReceived h = p.events.last(Event.HeadersReceived.class);
        assertEquals(1, h.streamId());
        assertEquals(Event.HeadersKind.RESPONSE, h.kind());
        Event.DataReceived d = p.events.last(Event.DataReceived.class);
        assertEquals("hello", new String(d.data()));
        assertEquals(StreamState.CLOSED, p.conn.streamState(1));
    }

    @Test
    void responseDataBeyondTheDefaultWindowIsAllowedByTheAnnouncedSettings_rfc7540_3_2_1() {
        // the server applied HTTP2-Settings at the 101, before it read (and ACKed) our preface SETTINGS
        upgraded("GET");
        p.frame(SettingsFrame.of(List.of()));
        p.headers(1, status(200), false);
        p.frame(DataFrame.of(1, new byte[16_384], false));
        for (int i = 0; i < 4; i++) {
            p.frame(DataFrame.of(1, new byte[16_384], false));
        }
        p.expectNoError();
        assertEquals(5 * 16_384, p.events.all(Event.DataReceived.class).stream().mapToInt(e -> e.data().length).sum());
    }

    @Test
    void nextClientStreamIs3_rfc7540_3_2() {
        upgraded("GET");
        p.handshake();
        assertEquals(3, p.conn.openStream(get("/second"), true));
        assertEquals(StreamState.HALF_CLOSED_LOCAL, p.conn.streamState(3));
    }

    @Test
    void headUpgradeForbidsAResponseBody_rfc9113_8_1_1() {
        upgraded("HEAD");
        p.handshake();
        p.headers(1, status(200), false);
        p.frame(DataFrame.of(1, new byte[3], true));
        p.expectRst(1, io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR);
    }

    @Test
    void settingsHeaderThatDiffersFromThePrefaceSettingsIsRefused_rfc7540_3_2_1() {
        String other = Http2Connection.h2cSettingsHeader(ConnectionConfig.DEFAULTS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> p.conn.startFromUpgrade(other, get("/"), p.now));
        assertTrue(e.getMessage().contains("differs"), e.getMessage());
        assertEquals(StreamState.IDLE, p.conn.streamState(1));
    }

    @Test
    void notBase64urlIsRefused_rfc7540_3_2_1() {
        assertThrows(IllegalArgumentException.class, () -> p.conn.startFromUpgrade("AA+/", get("/"), p.now));
    }

    @Test
    void onlyBeforeAnyStream_rfc7540_3_2() {
        p.handshake();
        p.conn.openStream(get("/"), true);
        assertThrows(IllegalStateException.class,
                () -> p.conn.startFromUpgrade(Http2Connection.h2cSettingsHeader(CONFIG), get("/"), p.now));
    }

    @Test
    void aServerConnectionCannotStartFromASentUpgrade_rfc7540_3_2() {
        CoreHarness server = CoreHarness.server(CONFIG);
        assertThrows(IllegalStateException.class,
                () -> server.conn.startFromUpgrade(Http2Connection.h2cSettingsHeader(CONFIG), get("/"), server.now));
    }
}
