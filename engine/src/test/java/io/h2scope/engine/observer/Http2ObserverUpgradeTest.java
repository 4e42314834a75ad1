package io.h2scope.engine.observer;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The observer on a connection that begins with HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 §3.2): the engine's own
 * client and server upgrade in memory, and the observer, fed the bytes of both directions in any chunking, gives
 * the events each end published for itself; an upgrade the server refuses is said once, not decoded as frames.
 */
class Http2ObserverUpgradeTest {

    /** One chunk of bytes as it crossed the wire, in order. */
    private record Chunk(boolean fromClient, byte[] bytes, long now) {
    }

    private static final String SWITCHING = "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n";

    private final List<TraceEvent> clientTrace = new ArrayList<>();
    private final List<TraceEvent> serverTrace = new ArrayList<>();
    private final List<Chunk> wire = new ArrayList<>();
    private Http2Connection client;
    private Http2Connection server;
    private long now;

    @Test
    void anUpgradedConnectionGivesTheServersOwnEvents() {
        upgradedExchange(false);
        List<TraceEvent> observed = observe(Role.SERVER, Integer.MAX_VALUE, 0);
        assertAgrees(serverTrace, observed);
        List<StreamStateChanged> one = states(observed, 1);
        assertEquals(StreamState.OPEN, one.get(0).to(), "the upgraded request is stream 1: " + one);
        assertEquals(StreamState.HALF_CLOSED_REMOTE, one.get(1).to(), "half-closed (remote) for the server: " + one);
        assertTrue(observed.stream().anyMatch(e -> e instanceof SettingsAcknowledged a
                && a.side() == io.h2scope.engine.trace.model.Side.REMOTE), "the 101 acknowledges HTTP2-Settings");
    }

    @Test
    void anUpgradedConnectionGivesTheClientsOwnEvents() {
        upgradedExchange(false);
        List<TraceEvent> observed = observe(Role.CLIENT, Integer.MAX_VALUE, 0);
        assertAgrees(clientTrace, observed);
        assertEquals(StreamState.HALF_CLOSED_LOCAL, states(observed, 1).get(1).to(), "half-closed (local) for the client");
    }

    @Test
    void anyChunkingGivesTheSameEvents() {
        upgradedExchange(true);
        for (Role role : Role.values()) {
            List<TraceEvent> whole = observe(role, Integer.MAX_VALUE, 0);
            assertAgrees(role == Role.SERVER ? serverTrace : clientTrace, whole);
            for (long seed = 1; seed <= 3; seed++) {
                assertEquals(whole, observe(role, 11, seed), role + ": random chunks up to 11 octets, seed " + seed);
            }
            assertEquals(whole, observe(role, 1, 0), role + ": one octet at a time");
        }
    }

    @Test
    void theHeadsAreEventsAfterTheOpening() {
        upgradedExchange(false);
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.CLIENT, 1, events::add, 0);
        feed(observer, wire, 1, 0);
        List<String> heads = events.stream().filter(e -> e instanceof Http1Head).map(e -> (Http1Head) e)
                .map(h -> (h.sent() ? "sent " : "received ") + h.startLine()).toList();
        assertEquals(List.of("sent GET /upgraded HTTP/1.1", "received HTTP/1.1 101 Switching Protocols"), heads);
        assertInstanceOf(ConnectionOpened.class, events.get(0));
        assertInstanceOf(Http1Head.class, events.get(1), "the request's head follows the opening");
    }

    @Test
    void aRefusedUpgradeIsSaidOnceAndNotDecoded() {
        String request = request("GET", "/", Http2Connection.h2cSettingsHeader(ConnectionConfig.DEFAULTS), "");
        String answer = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello";
        String next = "GET /again HTTP/1.1\r\nHost: example.com\r\n\r\n";
        for (int max : new int[] {Integer.MAX_VALUE, 1}) {
            List<TraceEvent> events = new ArrayList<>();
            Http2Observer observer = new Http2Observer(Role.CLIENT, 3, events::add, 0);
            feed(observer, List.of(new Chunk(true, ascii(request), 1), new Chunk(false, ascii(answer), 2),
                    new Chunk(true, ascii(next), 3), new Chunk(false, ascii(answer), 4)), max, 0);
            observer.finish(5);
            assertEquals(0, observer.violations(), () -> "no violation storm: " + events);
            assertTrue(events.stream().noneMatch(e -> e instanceof FrameEvent || e instanceof StreamStateChanged),
                    events::toString);
            assertTrue(observer.notHttp2().orElseThrow().contains("HTTP/1.1 200 OK"), observer.notHttp2()::toString);
            ConnectionClosed closed = (ConnectionClosed) events.get(events.size() - 1);
            assertTrue(closed.debug().startsWith("no HTTP/2: the server answered \"HTTP/1.1 200 OK\""), closed.debug());
            assertEquals(request.length() + next.length(), closed.bytesSent(), "every octet is counted");
        }
    }

    @Test
    void aServerAnsweringWithFramesAtOnceIsDecodedAndSaid() {
        // nginx and nghttpd speak h2c by prior knowledge only: their SETTINGS come at once, no 101
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.CLIENT, 7, events::add, 0);
        observer.clientBytes(ByteBuffer.wrap(ascii(request("GET", "/", "AAMAAABk", ""))), 1);
        observer.serverBytes(ByteBuffer.wrap(new byte[] {0, 0, 6, 4, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 100}), 2);
        assertEquals(0, observer.violations(), events::toString);
        assertTrue(events.stream().anyMatch(e -> e instanceof FrameEvent f && f.streamId() == 0), events::toString);
        assertTrue(observer.notHttp2().orElseThrow().contains("not 101 Switching Protocols"), observer.notHttp2()::toString);
        assertTrue(states(events, 1).isEmpty(), "no stream 1 without a switch");
    }

    @Test
    void aPlainHttp1RequestIsNoHttp2AndNoViolation() {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.SERVER, 4, events::add, 0);
        observer.clientBytes(ByteBuffer.wrap(ascii("POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")), 1);
        assertEquals(0, observer.violations(), events::toString);
        assertTrue(observer.notHttp2().orElseThrow().contains("does not ask for Upgrade: h2c"), observer.notHttp2()::toString);
    }

    @Test
    void aRequestHeadOverTheEnginesLimitIsOneViolation() {
        String huge = "GET / HTTP/1.1\r\nUpgrade: h2c\r\nX-Filler: " + "a".repeat(20_000) + "\r\n\r\n";
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.SERVER, 5, events::add, 0);
        observer.clientBytes(ByteBuffer.wrap(ascii(huge)), 1);
        observer.clientBytes(ByteBuffer.wrap(Preface.bytes()), 2);
        List<ViolationReceived> violations = events.stream().filter(e -> e instanceof ViolationReceived)
                .map(e -> (ViolationReceived) e).toList();
        assertEquals(1, violations.size(), events::toString);
        assertEquals("start/upgrade-head-malformed", violations.get(0).ruleId());
        assertTrue(violations.get(0).violation().detail().contains("larger than 16384 octets"),
                violations.get(0).violation().detail());
    }

    @Test
    void aSwitchWithoutHttp2SettingsIsTheServersBreak() {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.SERVER, 6, events::add, 0);
        observer.clientBytes(ByteBuffer.wrap(ascii("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n")), 1);
        observer.serverBytes(ByteBuffer.wrap(ascii(SWITCHING)), 2);
        assertEquals(List.of("start/upgrade-settings-missing"), events.stream().filter(e -> e instanceof ViolationReceived)
                .map(e -> ((ViolationReceived) e).ruleId()).toList());
        assertFalse(observer.notHttp2().isPresent(), "it did switch");
    }

    // ---------------------------------------------------------------- the exchange

    /**
     * The engine's client asks for h2c with a GET (and, with {@code body}, a Content-Length body and
     * {@code Expect: 100-continue}); the engine's server switches and answers stream 1, then streams 3 to 11 over
     * HTTP/2, a POST among them; a reset and a GOAWAY end it.
     */
    private void upgradedExchange(boolean body) {
        ConnectionConfig clientConfig = ConnectionConfig.DEFAULTS.withWindows(1 << 20, 1 << 22)
                .withTraceSink(1, clientTrace::add);
        String settings = Http2Connection.h2cSettingsHeader(clientConfig);
        List<HeaderField> fields = List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", "/upgraded"));
        chunk(true, ascii(request("GET", "/upgraded", settings, body ? "hello" : "")));
        server = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(1, serverTrace::add), e -> {
            if (e instanceof Event.DataReceived d) {
                server.consumed(d.streamId(), d.data().length);
            }
            boolean ended = e instanceof Event.DataReceived d && d.endStream()
                    || e instanceof Event.HeadersReceived h && h.endStream();
            if (ended) {
                answer(e instanceof Event.DataReceived d ? d.streamId() : ((Event.HeadersReceived) e).streamId());
            }
        }, now);
        byte[] payload = java.util.Base64.getUrlDecoder().decode(settings);
        server.acceptUpgrade(payload, fields, now);
        if (body) {
            chunk(false, ascii("HTTP/1.1 100 Continue\r\n\r\n"));
        }
        chunk(false, ascii(SWITCHING));
        answer(1);
        client = new Http2Connection(Role.CLIENT, clientConfig, e -> {
            if (e instanceof Event.DataReceived d) {
                client.consumed(d.streamId(), d.data().length);
            }
        }, now);
        client.startFromUpgrade(settings, fields, now);
        pump();
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(client.openStream(List.of(new HeaderField(":method", i % 2 == 0 ? "GET" : "POST"),
                    new HeaderField(":scheme", "http"), new HeaderField(":authority", "example.com"),
                    new HeaderField(":path", "/r/" + i)), i % 2 == 0));
        }
        pump();
        client.sendData(ids.get(1), ByteBuffer.wrap(new byte[30_000]), true);
        client.reset(ids.get(3), ErrorCode.CANCEL);
        pump();
        server.goAway(ErrorCode.NO_ERROR, "bye");
        pump();
    }

    private void answer(int id) {
        server.sendHeaders(id, List.of(new HeaderField(":status", "200"), new HeaderField("x-id", "n" + id)), false);
        server.sendData(id, ByteBuffer.wrap(new byte[20_000]), true);
    }

    private static String request(String method, String path, String settings, String body) {
        return method + " " + path + " HTTP/1.1\r\nHost: example.com\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                + "Upgrade: h2c\r\nHTTP2-Settings: " + settings + "\r\n"
                + (body.isEmpty() ? "" : "Expect: 100-continue\r\nContent-Length: " + body.length() + "\r\n") + "\r\n"
                + body;
    }

    private void pump() {
        while (client.hasOutput() || server.hasOutput()) {
            move(client, server, true);
            move(server, client, false);
        }
    }

    private void move(Http2Connection from, Http2Connection to, boolean fromClient) {
        ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
        from.drainOutput(buffer);
        buffer.flip();
        if (buffer.hasRemaining()) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            chunk(fromClient, bytes);
            to.receive(buffer, now);
        }
    }

    private void chunk(boolean fromClient, byte[] bytes) {
        now += 10;
        wire.add(new Chunk(fromClient, bytes, now));
    }

    private List<TraceEvent> observe(Role role, int max, long seed) {
        List<TraceEvent> events = new ArrayList<>();
        feed(new Http2Observer(role, 1, events::add, 0), wire, max, seed);
        return events;
    }

    /** Feeds the chunks in order, each cut into pieces of at most {@code max} octets. */
    private static void feed(Http2Observer observer, List<Chunk> wire, int max, long seed) {
        Random random = new Random(seed);
        for (Chunk chunk : wire) {
            for (int at = 0; at < chunk.bytes().length; ) {
                int n = Math.min(chunk.bytes().length - at, max == Integer.MAX_VALUE ? max : 1 + random.nextInt(max));
                ByteBuffer piece = ByteBuffer.wrap(chunk.bytes(), at, n);
                if (chunk.fromClient()) {
                    observer.clientBytes(piece, chunk.now());
                } else {
                    observer.serverBytes(piece, chunk.now());
                }
                at += n;
            }
        }
    }

    /** Same frames, states, settings and window moves (per key, in order; window moves as a multiset), same end state. */
    private static void assertAgrees(List<TraceEvent> engine, List<TraceEvent> observed) {
        assertTrue(observed.stream().noneMatch(e -> e instanceof ViolationReceived), () -> "a clean exchange: "
                + observed.stream().filter(e -> e instanceof ViolationReceived).toList());
        assertEquals(facts(engine), facts(observed));
        assertEquals(ConnectionModel.of(1, engine).snapshot(), ConnectionModel.of(1, observed).snapshot());
    }

    private static Map<String, List<String>> facts(List<TraceEvent> events) {
        Map<String, List<String>> facts = new TreeMap<>();
        for (TraceEvent e : events) {
            String key = null;
            String fact = null;
            if (e instanceof FrameEvent f) {
                key = "frames " + f.direction();
                fact = f.header() + " " + f.frame() + " " + f.headers();
            } else if (e instanceof StreamStateChanged s) {
                key = "stream " + s.streamId();
                fact = s.from() + " -> " + s.to() + " by " + s.input();
            } else if (e instanceof WindowChanged w) {
                key = "window " + w.streamId() + " " + w.side();
                fact = w.cause() + " " + ((long) w.newSize() - w.oldSize());
            } else if (e instanceof SettingsAnnounced s) {
                key = "settings " + s.side();
                fact = "announced " + s.entries();
            } else if (e instanceof SettingsAcknowledged s) {
                key = "settings " + s.side();
                fact = "acknowledged";
            } else if (e instanceof SettingsInForce s) {
                key = "settings " + s.side();
                fact = "in force " + s.settings();
            }
            if (key != null) {
                facts.computeIfAbsent(key, k -> new ArrayList<>()).add(fact);
            }
        }
        facts.forEach((k, list) -> {
            if (k.startsWith("window")) {
                Collections.sort(list);
            }
        });
        return facts;
    }

    private static List<StreamStateChanged> states(List<TraceEvent> events, int streamId) {
        return events.stream().filter(e -> e instanceof StreamStateChanged s && s.streamId() == streamId)
                .map(e -> (StreamStateChanged) e).toList();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
