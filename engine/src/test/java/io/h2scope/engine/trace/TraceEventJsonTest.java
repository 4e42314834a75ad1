package io.h2scope.engine.trace;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.check.FrameRule;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every event kind written as a JSONL v2 line reads back equal; version 1 lines still read. */
class TraceEventJsonTest {

    static Stream<TraceEvent> oneOfEachKind() {
        Settings changed = Settings.DEFAULTS.apply(SettingId.INITIAL_WINDOW_SIZE, 1 << 20)
                .apply(SettingId.MAX_CONCURRENT_STREAMS, Settings.UNLIMITED);
        PingFrame ping = PingFrame.of(0x0102030405060708L);
        return Stream.of(
                new ConnectionOpened(1, 0, Role.SERVER, "127.0.0.1:8443", "127.0.0.1:50000", "tls", "TLSv1.3",
                        "TLS_AES_128_GCM_SHA256", "h2", "localhost", ConnectionOpened.NO_PAIR,
                        java.time.Instant.parse("2025-06-01T14:03:00.123456Z")),
                ConnectionOpened.of(2, 0, Role.CLIENT),
                new ConnectionOpened(3, 0, Role.SERVER, "127.0.0.1:8080", "127.0.0.1:50001", "h2c", null, null, null,
                        null, 4, null),
                ConnectionOpened.of(4, 0, Role.SERVER).withPrivacy(new TracePrivacy(List.of("authorization", "cookie",
                        "proxy-authorization", "set-cookie", "x-api-key"), false, 0)),
                ConnectionOpened.of(5, 0, Role.CLIENT).withPrivacy(new TracePrivacy(List.of("authorization"), true,
                        TracePrivacy.ALL_DATA)),
                ConnectionOpened.of(6, 0, Role.CLIENT).withPrivacy(new TracePrivacy(List.of(), false, 65_536)),
                ConnectionOpened.of(7, 0, Role.SERVER).linked(new io.h2scope.engine.trace.model.ConnectionLeg(
                        "origin", "proxy/8.1.1/two-content-lengths h2sm0123456789ab \"q\""), 8),
                new FrameEvent(1, 15, Direction.OUTBOUND, new FrameHeader(1_024, 0, 1, 3, false),
                        DataFrame.of(3, "the start".getBytes(java.nio.charset.StandardCharsets.US_ASCII), true),
                        List.of(), 65_535, 64_511, 65_535, 64_511, StreamState.HALF_CLOSED_LOCAL),
                new ConnectionClosed(1, 900, Side.REMOTE, ConnectionClosed.Cause.GOAWAY_RECEIVED, 0, 7, "bye \"now\"",
                        null, 1234, 5678, 12, 13),
                new ConnectionClosed(1, 900, null, ConnectionClosed.Cause.TRANSPORT_CLOSED, -1, -1, "", null, 0, 0, 0, 0),
                new ConnectionClosed(1, 900, null, ConnectionClosed.Cause.IO_ERROR, -1, -1, "", null, 0, 0, 0, 0),
                new ConnectionClosed(1, 900, null, ConnectionClosed.Cause.PEER_VANISHED, -1, -1, "", null, 0, 0, 0, 0),
                new ConnectionClosed(1, 900, Side.LOCAL, ConnectionClosed.Cause.IDLE_TIMEOUT, 0, 3, "idle for 300 ms",
                        null, 5, 6, 7, 8),
                new ConnectionClosed(1, 900, Side.LOCAL, ConnectionClosed.Cause.CONNECTION_ERROR, 3, 5, "too big",
                        "rfc9113/6.9.1/flow_control_error", 1, 2, 3, 4),
                new FrameEvent(1, 10, Direction.INBOUND, FrameHeader.of(ping), ping, List.of(), 65_535, 65_535, -1, -1,
                        null),
                new StreamStateChanged(1, 20, 3, StreamState.OPEN, StreamState.HALF_CLOSED_REMOTE,
                        StreamInput.RECV_END_STREAM),
                new WindowChanged(1, 30, 0, WindowSide.RECEIVE, 65_535, 65_000, WindowCause.DATA),
                new WindowChanged(1, 30, 5, WindowSide.SEND, 65_535, -100, WindowCause.INITIAL_WINDOW_SIZE),
                new SettingsAnnounced(1, 40, Side.REMOTE, List.of(new Setting(SettingId.HEADER_TABLE_SIZE, 0),
                        new Setting(SettingId.ENABLE_PUSH, 0))),
                new SettingsAnnounced(1, 40, Side.LOCAL, List.of()),
                new SettingsAcknowledged(1, 50, Side.LOCAL),
                new Http1Head(1, 0, true, "GET / HTTP/1.1\nHost: a:80\nUpgrade: h2c\nX-Quote: \"q\" caf\u00e9"),
                new SettingsInForce(1, 60, Side.REMOTE, changed),
                new HpackEntryAdded(1, 70, HpackContext.DECODER, "cookie", "a=\u00e9\n", 45),
                new HpackEntriesEvicted(1, 80, HpackContext.ENCODER, 3),
                new HpackTableResized(1, 90, HpackContext.DECODER, 0),
                new ViolationReceived(1, 100, new FrameHeader(4, 8, 0, 0, true),
                        new Violation(FrameRule.WINDOW_UPDATE_WRONG_LENGTH.spec(), ErrorScope.CONNECTION,
                                ErrorCode.FRAME_SIZE_ERROR, "length 4, not 5", FrameRule.WINDOW_UPDATE_WRONG_LENGTH)),
                new ViolationReceived(1, 100, new FrameHeader(3, 1, 4, 1, false),
                        new Violation(SpecRef.rfc7541("5.2"), ErrorScope.CONNECTION, ErrorCode.COMPRESSION_ERROR,
                                "bad huffman")),
                new SnapshotTaken(1, 120, new ConnectionSnapshot(new java.util.TreeMap<>(Map.of(1,
                        new ConnectionSnapshot.Stream(StreamState.HALF_CLOSED_LOCAL, 100, -5), 3,
                        new ConnectionSnapshot.Stream(StreamState.OPEN, 65_535, 0))), 10, 20,
                        List.of(new io.h2scope.engine.hpack.HeaderField("x", "1")), 4096, List.of(), 0, changed,
                        Settings.DEFAULTS)),
                new ErrorRaised(1, 110, ErrorScope.STREAM, 3, ErrorCode.PROTOCOL_ERROR, "RFC 9113 \u00a78.1",
                        "rfc9113/8.1/protocol_error", "malformed message: DATA before the final header section"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneOfEachKind")
    @SuppressWarnings("unchecked")
    void roundTrips(TraceEvent event) {
        String line = TraceEventJson.write(event);
        assertTrue(line.startsWith("{\"v\":" + TraceEventJson.VERSION + ",\"kind\":\""), line);
        assertTrue(line.chars().allMatch(c -> c >= 0x20 && c <= 0x7e), "ASCII only: " + line);
        assertEquals(event, TraceEventJson.read((Map<String, Object>) Json.parse(line)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCutDataFrameSaysHowMuchWasLeftOut() {
        FrameEvent cut = new FrameEvent(1, 0, Direction.INBOUND, new FrameHeader(100, 0, 0, 1, false),
                DataFrame.of(1, new byte[] {1, 2, 3}, false), List.of(), 0, 0, 0, 0, StreamState.OPEN);
        String line = TraceEventJson.write(cut);
        assertTrue(line.contains("\"length\":100,") && line.contains("\"payload\":\"AQID\",\"data_omitted\":97,"), line);
        String wrong = line.replace("\"data_omitted\":97", "\"data_omitted\":90");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceEventJson.read((Map<String, Object>) Json.parse(wrong)));
        assertEquals("\"length\" 100 is not the payload's 3 octets and \"data_omitted\" 90", e.getMessage());
    }

    @Test
    void anOpeningSaysWhatItsTraceHides() {
        String line = TraceEventJson.write(ConnectionOpened.of(4, 0, Role.SERVER).withPrivacy(
                new TracePrivacy(List.of("authorization", "x-api-key"), true, 0)));
        assertEquals("{\"v\":3,\"kind\":\"opened\",\"conn\":4,\"t_ns\":0,\"role\":\"server\","
                + "\"redact\":[\"authorization\",\"x-api-key\"],\"reveal\":true,\"data_max\":0}", line);
    }

    @Test
    void everyKindIsCovered() {
        Set<Class<?>> covered = new HashSet<>();
        oneOfEachKind().forEach(e -> covered.add(e.getClass()));
        assertEquals(Set.of(TraceEvent.class.getPermittedSubclasses()), covered);
    }

    @Test
    @SuppressWarnings("unchecked")
    void hpackLinesKeepTheirIndexAndOctetsAndLinesWithoutThemStillRead() {
        HeadersFrame headers = HeadersFrame.of(1,
                new byte[] {(byte) 0x82, 0x44, 0x01, 0x2f}, true, true);
        HpackBlock block = new HpackBlock(List.of(),
                List.of(new HpackBlock.Line(":method", "GET",
                                Representation.INDEXED, false, false, 2, 0, 1),
                        new HpackBlock.Line(":path", "/",
                                Representation.LITERAL_INDEXED, false, false, 4, 1, 3)),
                List.of(new HeaderField(":path", "/")), 38, 4096);
        FrameEvent event = new FrameEvent(1, 10, Direction.OUTBOUND, FrameHeader.of(headers), headers,
                List.of(new HeaderField(":method", "GET"),
                        new HeaderField(":path", "/")), 65_535, 65_535, 65_535, 65_535,
                StreamState.HALF_CLOSED_LOCAL, block);
        String line = TraceEventJson.write(event);
        assertTrue(line.contains("\"indexed\",false,false,2,0,1]"), line);
        assertEquals(event, TraceEventJson.read((Map<String, Object>) Json.parse(line)));

        String older = line.replace(",2,0,1]", "]").replace(",4,1,3]", "]");
        FrameEvent read = (FrameEvent) TraceEventJson.read((Map<String, Object>) Json.parse(older));
        HpackBlock.Line path = read.hpack().lines().get(1);
        assertEquals(":path", path.name());
        assertEquals(-1, path.tableIndex(), "not recorded");
        assertEquals(-1, path.blockOffset());
    }

    @Test
    void versionOneLinesStillRead() throws IOException {
        String v1 = """
                {"v":1,"kind":"frame","conn":1,"t_ns":0,"dir":"send","stream":0,"type":"PING","type_code":6,"flags":0,"flag_names":"","length":8,"reserved":false,"opaque":"0000000000000001","payload":"AAAAAAAAAAE=","window":{"conn_send":65535,"conn_recv":65535,"stream_send":-1,"stream_recv":-1}}
                {"v":1,"kind":"state","conn":1,"t_ns":0,"stream":1,"from":"idle","to":"open","input":"send_headers"}
                {"v":1,"kind":"violation","conn":1,"t_ns":5,"dir":"recv","stream":0,"type":"PING","type_code":6,"flags":0,"length":7,"spec":"RFC 9113 \\u00a76.7","error":"FRAME_SIZE_ERROR","scope":"CONNECTION","detail":"length 7"}
                """;
        List<TraceEvent> events = JsonlTraceReader.read(new BufferedReader(new StringReader(v1)));
        assertEquals(3, events.size());
        assertInstanceOf(PingFrame.class, ((FrameEvent) events.get(0)).frame());
        assertEquals(StreamState.OPEN, ((StreamStateChanged) events.get(1)).to());
        ViolationReceived violation = (ViolationReceived) events.get(2);
        assertEquals(SpecRef.rfc9113("6.7"), violation.violation().spec());
        assertEquals("rfc9113/6.7/frame_size_error", violation.ruleId());
    }

    @Test
    void aLineMissingAFieldIsNamedWithTheField() {
        String text = "{\"v\":2,\"kind\":\"window\",\"conn\":1,\"t_ns\":0,\"stream\":1,\"side\":\"send\",\"old\":1}\n";
        TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> JsonlTraceReader.read(new BufferedReader(new StringReader(text))));
        assertEquals("line 1: \"new\" is missing or not an integer", e.getMessage());
    }
}
