package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.event.Event.HeadersKind;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceSink;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.post;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A client and a server connection talking to each other in memory. */
class ConnectionPairTest {

    @Test
    void handshakeExchangesAndAcknowledgesSettings_rfc9113_3_4_and_6_5_3() {
        ConnectionPair p = new ConnectionPair();
        p.pump();
        assertEquals(ConnectionState.OPEN, p.client.state());
        assertEquals(ConnectionState.OPEN, p.server.state());
        assertTrue(p.clientEvents.has(Event.SettingsAcked.class));
        assertTrue(p.serverEvents.has(Event.SettingsAcked.class));
        assertEquals(100, p.client.remoteSettings().maxConcurrentStreams());
        assertEquals(16 * 1024, p.server.localSettings().maxHeaderListSize());
    }

    @Test
    void requestAndResponse() {
        ConnectionPair p = new ConnectionPair();
        int id = p.client.openStream(get("/"), true);
        assertEquals(1, id);
        p.pump();
        Event.HeadersReceived request = p.serverEvents.last(Event.HeadersReceived.class);
        assertEquals(HeadersKind.REQUEST, request.kind());
        assertTrue(request.endStream());
        assertEquals("/", HeaderSections.valueOf(request.headers(), ":path"));
        assertEquals(StreamState.HALF_CLOSED_REMOTE, p.server.streamState(1));

        p.server.sendHeaders(1, status(200), false);
        p.server.sendData(1, ByteBuffer.wrap("hello".getBytes()), true);
        p.pump();
        Event.HeadersReceived response = p.clientEvents.last(Event.HeadersReceived.class);
        assertEquals(HeadersKind.RESPONSE, response.kind());
        Event.DataReceived data = p.clientEvents.last(Event.DataReceived.class);
        assertEquals("hello", new String(data.data()));
        assertTrue(data.endStream());
        assertEquals(StreamState.CLOSED, p.client.streamState(1));
        assertEquals(StreamState.CLOSED, p.server.streamState(1));
        assertTrue(p.client.streams().isEmpty());
    }

    @Test
    void largeBodiesThroughSmallWindows_rfc9113_6_9() {
        ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS.withWindows(1_000, 65_535),
                ConnectionConfig.DEFAULTS.withWindows(1_500, 65_535));
        p.autoConsume();
        p.chunk = 777; // frames split across reads
        p.pump();
        byte[] upload = random(200_000, 1);
        byte[] download = random(300_000, 2);
        int id = p.client.openStream(post("/upload", upload.length), false);
        p.client.sendData(id, ByteBuffer.wrap(upload), true);
        p.serverEvents.reaction = e -> {
            if (e instanceof Event.DataReceived d) {
                p.server.consumed(d.streamId(), d.data().length);
                if (d.endStream()) {
                    p.server.sendHeaders(id, status(200), false);
                    p.server.sendData(id, ByteBuffer.wrap(download), true);
                }
            }
        };
        p.pump();
        assertArrayEquals(upload, body(p.serverEvents, id));
        assertArrayEquals(download, body(p.clientEvents, id));
        assertEquals(StreamState.CLOSED, p.client.streamState(id));
        for (Event.DataReceived d : p.clientEvents.all(Event.DataReceived.class)) {
            assertTrue(d.data().length <= 1_000, "a frame larger than the client's window: " + d.data().length);
        }
    }

    @Test
    void queuedDataIsSharedRoundRobinAcrossStreams_rfc9113_5_2() {
        List<Integer> order = new ArrayList<>();
        TraceSink sink = TraceSink.frames(e -> {
            if (e.direction() == Direction.OUTBOUND && e.frame() instanceof DataFrame d && d.data().length > 0) {
                order.add(d.streamId());
            }
        });
        ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS.withTraceSink(1, sink), ConnectionConfig.DEFAULTS);
        p.pump();
        int a = p.client.openStream(post("/a", 100_000), false);
        int b = p.client.openStream(post("/b", 100_000), false);
        p.client.sendData(a, ByteBuffer.wrap(new byte[100_000]), true);
        p.client.sendData(b, ByteBuffer.wrap(new byte[100_000]), true);
        p.autoConsume();
        p.pump();
        // stream a got the whole 64 KiB stream window first (b was not queued yet); from then on turns alternate
        int firstB = order.indexOf(b);
        for (int i = firstB; i + 1 < order.size() && order.subList(i, order.size()).contains(a); i++) {
            assertTrue(order.get(i) != order.get(i + 1) || !order.subList(i + 1, order.size()).contains(
                    order.get(i) == a ? b : a), "not round robin at " + i + ": " + order);
        }
        assertEquals(100_000, body(p.serverEvents, a).length);
        assertEquals(100_000, body(p.serverEvents, b).length);
    }

    @Test
    void serverPush_rfc9113_8_4() {
        ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS.withEnablePush(true), ConnectionConfig.DEFAULTS);
        int id = p.client.openStream(get("/index.html"), true);
        p.pump();
        int promised = p.server.push(id, get("/style.css"));
        assertEquals(2, promised);
        assertEquals(StreamState.RESERVED_LOCAL, p.server.streamState(promised));
        p.server.sendHeaders(id, status(200), true);
        p.server.sendHeaders(promised, status(200), false);
        p.server.sendData(promised, ByteBuffer.wrap("body{}".getBytes()), true);
        p.pump();
        Event.PushPromiseReceived pp = p.clientEvents.last(Event.PushPromiseReceived.class);
        assertEquals(id, pp.associatedStreamId());
        assertEquals(promised, pp.promisedStreamId());
        assertEquals("/style.css", HeaderSections.valueOf(pp.requestHeaders(), ":path"));
        List<Event.HeadersReceived> headers = p.clientEvents.all(Event.HeadersReceived.class);
        assertEquals(promised, headers.get(1).streamId());
        assertEquals(HeadersKind.RESPONSE, headers.get(1).kind());
        assertEquals("body{}", new String(body(p.clientEvents, promised)));
        assertEquals(StreamState.CLOSED, p.client.streamState(promised));
    }

    @Test
    void pushRefusedWhenClientDisablesIt_rfc9113_8_4() {
        ConnectionPair p = new ConnectionPair();
        int id = p.client.openStream(get("/"), true);
        p.pump();
        assertThrows(IllegalStateException.class, () -> p.server.push(id, get("/x")));
    }

    @Test
    void trailersFollowQueuedData_rfc9113_8_1() {
        ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS, ConnectionConfig.DEFAULTS.withWindows(100, 65_535));
        p.autoConsume();
        p.pump();
        int id = p.client.openStream(post("/", 1_000), false);
        p.client.sendData(id, ByteBuffer.wrap(new byte[1_000]), false);
        p.client.sendHeaders(id, List.of(new HeaderField("grpc-status", "0")), true);
        p.pump();
        List<Event.HeadersReceived> h = p.serverEvents.all(Event.HeadersReceived.class);
        assertEquals(HeadersKind.TRAILERS, h.get(1).kind());
        assertTrue(h.get(1).endStream());
        int lastData = p.serverEvents.events.lastIndexOf(p.serverEvents.last(Event.DataReceived.class));
        assertTrue(lastData < p.serverEvents.events.indexOf(h.get(1)), "trailers after the body");
        assertEquals(1_000, body(p.serverEvents, id).length);
    }

    @Test
    void informationalThenFinalResponse_rfc9113_8_1() {
        ConnectionPair p = new ConnectionPair();
        int id = p.client.openStream(get("/"), true);
        p.pump();
        p.server.sendHeaders(id, List.of(new HeaderField(":status", "103"), new HeaderField("link", "</a>")), false);
        p.server.sendHeaders(id, status(204), true);
        p.pump();
        List<Event.HeadersReceived> h = p.clientEvents.all(Event.HeadersReceived.class);
        assertEquals(HeadersKind.INFORMATIONAL, h.get(0).kind());
        assertEquals(HeadersKind.RESPONSE, h.get(1).kind());
        int second = p.client.openStream(get("/2"), true);
        p.pump();
        assertThrows(IllegalArgumentException.class, () -> p.server.sendHeaders(second, status(100), true));
    }

    @Test
    void goAwayThatRefusesTheLastOpenStreamReportsTheRefusalBeforeTheClose_rfc9113_6_8() {
        ConnectionPair p = new ConnectionPair();
        int first = p.client.openStream(get("/1"), true);
        p.pump();
        p.server.sendHeaders(first, status(200), true);
        p.server.goAway(ErrorCode.NO_ERROR, "idle"); // last stream id = first
        int crossing = p.client.openStream(get("/2"), true); // sent before the client sees either
        p.pump();
        List<Event> events = p.clientEvents.events;
        int refusedAt = -1;
        int closedAt = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof Event.StreamReset r && r.streamId() == crossing) {
                refusedAt = i;
                assertEquals(ErrorCode.REFUSED_STREAM.code(), r.errorCode());
            } else if (events.get(i) instanceof Event.ConnectionClosed) {
                closedAt = i;
            }
        }
        assertTrue(refusedAt >= 0 && closedAt > refusedAt, "the refusal (safe to retry) comes before the close: " + events);
        assertEquals(ConnectionState.CLOSED, p.client.state());
    }

    @Test
    void gracefulGoAway_rfc9113_6_8() {
        ConnectionPair p = new ConnectionPair();
        int first = p.client.openStream(get("/1"), true);
        p.pump();
        p.server.goAway(ErrorCode.NO_ERROR, "shutting down");
        int crossing = p.client.openStream(get("/2"), true); // sent before the client sees GOAWAY
        p.pump();
        Event.GoAwayReceived goAway = p.clientEvents.last(Event.GoAwayReceived.class);
        assertEquals(first, goAway.lastStreamId());
        assertEquals(0, goAway.errorCode());
        Event.StreamReset refused = p.clientEvents.last(Event.StreamReset.class);
        assertEquals(crossing, refused.streamId());
        assertEquals(ErrorCode.REFUSED_STREAM.code(), refused.errorCode());
        assertEquals(ConnectionState.GOAWAY_RECEIVED, p.client.state());
        assertThrows(IllegalStateException.class, () -> p.client.openStream(get("/3"), true));
        assertFalse(p.serverEvents.all(Event.HeadersReceived.class).stream().anyMatch(h -> h.streamId() == crossing));

        p.server.sendHeaders(first, status(200), true); // the in-flight stream finishes
        p.pump();
        assertEquals(HeadersKind.RESPONSE, p.clientEvents.last(Event.HeadersReceived.class).kind());
        assertEquals(ConnectionState.CLOSED, p.client.state());
        assertEquals(ConnectionState.CLOSED, p.server.state());
        assertTrue(p.serverEvents.has(Event.ConnectionClosed.class));
    }

    @Test
    void pingAckedOnlyForOurOwnPing_rfc9113_6_7() {
        ConnectionPair p = new ConnectionPair();
        p.pump();
        p.client.ping(42);
        p.server.ping(7); // the server's PING is answered by the client, but is no ack for the client
        p.pump();
        assertEquals(List.of(42L), p.clientEvents.all(Event.PingAcked.class).stream().map(Event.PingAcked::opaqueData).toList());
        assertEquals(List.of(7L), p.serverEvents.all(Event.PingAcked.class).stream().map(Event.PingAcked::opaqueData).toList());
    }

    @Test
    void updateSettingsIsAppliedAndAcknowledged_rfc9113_6_5_3() {
        ConnectionPair p = new ConnectionPair();
        p.pump();
        p.clientEvents.clear();
        p.client.updateSettings(p.client.localSettingsAnnounced().toBuilder().initialWindowSize(1 << 20).build());
        p.pump();
        assertEquals(1 << 20, p.server.remoteSettings().initialWindowSize());
        assertEquals(1 << 20, p.clientEvents.last(Event.SettingsAcked.class).settings().initialWindowSize());
        assertEquals(Settings.DEFAULTS.headerTableSize(), p.client.localSettings().headerTableSize());
    }

    @Test
    void everyFrameIsTracedOnceEachWay() {
        List<FrameEvent> clientTrace = new ArrayList<>();
        List<FrameEvent> serverTrace = new ArrayList<>();
        ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS.withTraceSink(1, TraceSink.frames(clientTrace::add)),
                ConnectionConfig.DEFAULTS.withTraceSink(2, TraceSink.frames(serverTrace::add)));
        int id = p.client.openStream(get("/"), true);
        p.pump();
        p.server.sendHeaders(id, status(200), false);
        p.server.sendData(id, ByteBuffer.wrap(new byte[10]), true);
        p.pump();
        List<String> clientOut = describe(clientTrace, Direction.OUTBOUND);
        List<String> serverIn = describe(serverTrace, Direction.INBOUND);
        assertEquals(clientOut, serverIn);
        assertEquals(describe(serverTrace, Direction.OUTBOUND), describe(clientTrace, Direction.INBOUND));
        FrameEvent requestIn = serverTrace.stream().filter(e -> e.direction() == Direction.INBOUND
                && e.header().typeCode() == 1).findFirst().orElseThrow();
        assertEquals("/", HeaderSections.valueOf(requestIn.headers(), ":path"));
        assertEquals(StreamState.HALF_CLOSED_REMOTE, requestIn.streamStateAfter());
        FrameEvent dataIn = clientTrace.stream().filter(e -> e.direction() == Direction.INBOUND
                && e.header().typeCode() == 0).findFirst().orElseThrow();
        assertEquals(65_535 - 10, dataIn.connectionReceiveWindow());
        assertEquals(StreamState.CLOSED, dataIn.streamStateAfter());
    }

    @Test
    void disabledTraceSinkIsNeverCalled() {
        TraceSink off = new TraceSink() {
            @Override
            public void onEvent(io.h2scope.engine.trace.model.TraceEvent traced) {
            if (!(traced instanceof FrameEvent event)) {
                return;
            }
                throw new AssertionError("called while disabled");
            }

            @Override
            public boolean enabled() {
                return false;
            }
        };
        ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS.withTraceSink(1, off),
                ConnectionConfig.DEFAULTS.withTraceSink(2, off));
        p.client.openStream(get("/"), true);
        p.pump();
        assertEquals(ConnectionState.OPEN, p.server.state());
    }

    private static List<String> describe(List<FrameEvent> trace, Direction direction) {
        return trace.stream().filter(e -> e.direction() == direction).map(e -> e.header().toString()).toList();
    }

    private static byte[] body(EventRecorder events, int streamId) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Event.DataReceived d : events.all(Event.DataReceived.class)) {
            if (d.streamId() == streamId) {
                out.writeBytes(d.data());
            }
        }
        return out.toByteArray();
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
