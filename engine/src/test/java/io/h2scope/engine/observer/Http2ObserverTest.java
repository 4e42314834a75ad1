package io.h2scope.engine.observer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.codec.FrameOutput;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.SenderEnd;
import io.h2scope.engine.trace.model.FrameOctets;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HpackException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The observer fed both byte streams of a real engine exchange gives the engine server's own frames, and the
 * state rebuilt from its events equals the state rebuilt from the engine's, whatever the chunking; and it
 * reports the rules a frame-by-frame decoder cannot see.
 */
class Http2ObserverTest {

    /** One chunk of bytes as it crossed the wire, in order. */
    private record Chunk(boolean fromClient, byte[] bytes, long now) {
    }

    private final List<TraceEvent> serverTrace = new ArrayList<>();
    private final List<Chunk> wire = new ArrayList<>();
    private Http2Connection client;
    private Http2Connection server;
    private long now;

    @Test
    void itsEventsEqualTheEngineServersOwn() {
        exchange();
        List<TraceEvent> observed = observe(wire, Integer.MAX_VALUE, 0);
        for (Direction d : Direction.values()) {
            assertEquals(frames(serverTrace, d), frames(observed, d), d + " frames");
        }
        assertEquals(ConnectionModel.of(2, serverTrace).snapshot(), ConnectionModel.of(2, observed).snapshot(),
                "the state rebuilt from the observer equals the one rebuilt from the engine");
        assertTrue(observed.stream().noneMatch(e -> e instanceof ViolationReceived), "a clean exchange");
    }

    @Test
    void anyChunkingGivesTheSameEvents() {
        exchange();
        List<TraceEvent> whole = observe(wire, Integer.MAX_VALUE, 0);
        for (long seed = 1; seed <= 5; seed++) {
            assertEquals(whole, observe(wire, 7, seed), "random chunks up to 7 octets, seed " + seed);
        }
        assertEquals(whole, observe(wire, 1, 0), "one octet at a time");
    }

    @Test
    void windowUpdateOfZeroIsReported() {
        assertBroken(frame(8, 0, 0, new byte[4]), "frame/window-update-zero-increment-on-connection");
    }

    @Test
    void enablePushOfTwoIsReported() {
        assertBroken(frame(4, 0, 0, new byte[] {0, 2, 0, 0, 0, 2}), "settings/enable-push-not-0-or-1");
    }

    @Test
    void maxFrameSizeOutOfRangeIsReported() {
        assertBroken(frame(4, 0, 0, new byte[] {0, 5, 0, 0, 0, 100}), "settings/max-frame-size-out-of-range");
    }

    @Test
    void anEvenClientStreamIsReported() {
        // RFC 9113 §5.1: HEADERS on an idle even (server-initiated) stream
        assertBroken(headers(2, true), "stream/headers-on-server-stream");
    }

    @Test
    void aDecreasingClientStreamIdIsReported() {
        byte[] five = headers(5, true);
        byte[] three = headers(3, true);
        byte[] both = new byte[five.length + three.length];
        System.arraycopy(five, 0, both, 0, five.length);
        System.arraycopy(three, 0, both, five.length, three.length);
        assertBroken(both, "stream/stream-id-not-increasing");
    }

    @Test
    void aFieldBlockThatCannotBeDecodedStillOpensItsStream() {
        // RFC 7541 §4.2: a size update after a field; the server answers anyway (as h2o does), and that answer
        // is on the stream the client opened, not a server opening a client's stream (RFC 9113 §5.1.1)
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.SERVER, 9, events::add, 0);
        observer.clientBytes(ByteBuffer.wrap(Preface.bytes()), 0);
        observer.clientBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 0);
        observer.serverBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 0);
        observer.clientBytes(ByteBuffer.wrap(frame(1, 0x5, 1, new byte[] {(byte) 0x82, 0x20})), 1);
        byte[] response = new HpackEncoder(4096).encode(List.of(new HeaderField(":status", "200")));
        observer.serverBytes(ByteBuffer.wrap(frame(1, 0x5, 1, response)), 2);
        List<String> rules = events.stream().filter(e -> e instanceof ViolationReceived)
                .map(e -> ((ViolationReceived) e).ruleId()).toList();
        assertEquals(List.of("hpack/size-update-after-field"), rules);
    }

    @Test
    void dataAfterEndStreamIsReported() {
        byte[] request = headers(1, true);
        byte[] data = frame(0, 0, 1, new byte[3]);
        byte[] both = new byte[request.length + data.length];
        System.arraycopy(request, 0, both, 0, request.length);
        System.arraycopy(data, 0, both, request.length, data.length);
        assertBroken(both, "stream/data-after-end-stream");
    }

    @Test
    void aStreamOpenedBeforeOurSettingsAreAckedHasTheReceiveWindowWeAnnounced() {
        // the engine's receive windows follow a larger INITIAL_WINDOW_SIZE from when it is sent (the peer reads the
        // SETTINGS before the HEADERS), not from the ACK
        List<TraceEvent> engine = new ArrayList<>();
        client = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS.withWindows(1 << 20, 1 << 22)
                .withTraceSink(1, engine::add), e -> { }, 0);
        client.openStream(List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", "/")), true);
        ByteBuffer out = ByteBuffer.allocate(4096);
        client.drainOutput(out);
        out.flip();
        List<TraceEvent> observed = new ArrayList<>();
        new Http2Observer(Role.CLIENT, 1, observed::add, 0).clientBytes(out, 1);
        assertEquals(1 << 20, ConnectionModel.of(1, engine).snapshot().streams().get(1).receiveWindow());
        assertEquals(ConnectionModel.of(1, engine).snapshot(), ConnectionModel.of(1, observed).snapshot());
    }

    @Test
    void anEmptyDataMovesNoWindow() {
        List<TraceEvent> events = observeClient(headers(1, false), frame(0, 0x1, 1, new byte[0]));
        assertTrue(events.stream().noneMatch(e -> e instanceof WindowChanged w && w.cause() == WindowCause.DATA),
                () -> "no window event for a window that did not move: " + events);
        assertTrue(events.stream().noneMatch(e -> e instanceof ViolationReceived), events::toString);
    }

    @Test
    void aWindowUpdateThatCrossedTheCloseIsNoBreakButOneSentAfterItIs() {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = observerAfterPreface(Role.CLIENT, events);
        observer.clientBytes(ByteBuffer.wrap(headers(1, false)), 1);
        observer.serverBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 2);
        observer.serverBytes(ByteBuffer.wrap(frame(0, 0, 1, new byte[10])), 3);
        observer.clientBytes(ByteBuffer.wrap(frame(0, 0x1, 1, new byte[0])), 4);
        observer.serverBytes(ByteBuffer.wrap(frame(1, 0x5, 1, new HpackEncoder(4096).encode(
                List.of(new HeaderField(":status", "204"))))), 5);
        // the client's WINDOW_UPDATE for the DATA it read may have left before it read the END_STREAM (§5.1)
        observer.clientBytes(ByteBuffer.wrap(frame(8, 0, 1, new byte[] {0, 0, 0, 10})), 6);
        assertEquals(0, observer.violations(), () -> "no break: " + events);
        assertTrue(events.stream().anyMatch(e -> e instanceof WindowChanged w && w.streamId() == 1
                && w.cause() == WindowCause.WINDOW_UPDATE && w.newSize() - w.oldSize() == 10),
                "the client sent it while the stream was open to it: its window moved, as the engine reports");
        // stream 3 the client closes itself (its END_STREAM last): a WINDOW_UPDATE it sends after that breaks §5.1
        observer.clientBytes(ByteBuffer.wrap(headers(3, false)), 7);
        observer.serverBytes(ByteBuffer.wrap(frame(1, 0x5, 3, new byte[] {(byte) 0x89})), 8); // :status 204, indexed
        observer.clientBytes(ByteBuffer.wrap(frame(0, 0x1, 3, new byte[0])), 9);
        observer.clientBytes(ByteBuffer.wrap(frame(8, 0, 3, new byte[] {0, 0, 0, 10})), 10);
        assertEquals(List.of("stream/frame-on-closed-stream"), events.stream().filter(e -> e instanceof ViolationReceived)
                .map(e -> ((ViolationReceived) e).ruleId()).toList());
    }

    @Test
    void dataThatCrossedAResetIsNoBreakButDataAfterItsOwnEndStreamIs() {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer client = observerAfterPreface(Role.CLIENT, events);
        client.clientBytes(ByteBuffer.wrap(headers(1, false)), 1);
        client.serverBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 2);
        client.serverBytes(ByteBuffer.wrap(frame(3, 0, 1, new byte[] {0, 0, 0, 0})), 3); // RST_STREAM NO_ERROR
        client.clientBytes(ByteBuffer.wrap(frame(0, 0, 1, new byte[100])), 4); // written before the reset was read
        assertEquals(0, client.violations(), () -> "no break: " + events);

        List<TraceEvent> serverEvents = new ArrayList<>();
        Http2Observer server = observerAfterPreface(Role.SERVER, serverEvents);
        server.clientBytes(ByteBuffer.wrap(headers(1, true)), 1);
        server.serverBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 2);
        server.serverBytes(ByteBuffer.wrap(frame(1, 0x5, 1, new byte[] {(byte) 0x89})), 3);
        server.clientBytes(ByteBuffer.wrap(frame(0, 0, 1, new byte[100])), 4); // the client had ended its side
        assertEquals(1, server.violations(), () -> "DATA after the client's END_STREAM: " + serverEvents);
    }

    @Test
    void aPaddedFramesPaddingIsInItsEvent() {
        // DATA on stream 1 after the request, PADDED: Pad Length 2, "ok", padding 07 09 (RFC 9113 §6.1)
        byte[] padded = frame(0, 0x8, 1, new byte[] {2, 'o', 'k', 7, 9});
        List<TraceEvent> events = observeClient(headers(1, false), padded);
        FrameEvent data = events.stream().filter(e -> e instanceof FrameEvent f && f.frame() instanceof DataFrame)
                .map(FrameEvent.class::cast).findFirst().orElseThrow();
        assertArrayEquals(new byte[] {7, 9}, data.padding());
        assertArrayEquals(padded, FrameOctets.wire(data), "the frame's octets as they came, padding included");
    }

    @Test
    void dataPastTheWindowIsCountedAndShownAsTheSenderSentIt() {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer server = observerAfterPreface(Role.SERVER, events);
        server.serverBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[] {0, 4, 0, 0, 0, 10})), 1); // INITIAL_WINDOW_SIZE 10
        server.clientBytes(ByteBuffer.wrap(frame(4, 0x1, 0, new byte[0])), 2);
        server.clientBytes(ByteBuffer.wrap(headers(1, false)), 3);
        server.clientBytes(ByteBuffer.wrap(frame(0, 0, 1, new byte[15])), 4);
        assertEquals(1, server.windowOverflows(), events::toString);
        assertTrue(events.stream().anyMatch(e -> e instanceof WindowChanged w && w.streamId() == 1
                && w.cause() == WindowCause.DATA && w.newSize() == -5), () -> "the stream window at -5: " + events);
    }

    @Test
    void theListenerHearsHowTheSenderHadEndedTheStreamBeforeEachFrame() {
        List<String> heard = new ArrayList<>();
        Http2Observer client = observerAfterPreface(Role.CLIENT, new ArrayList<>());
        client.listen(Role.SERVER, new FrameListener() {
            @Override
            public void frame(Frame frame, List<HeaderField> block, SenderEnd before) {
                heard.add(frame.type() + " " + before);
            }

            @Override
            public void brokenFrame(FrameHeader header, Violation violation) {
            }

            @Override
            public void undecodableBlock(int streamId, int blockLength, HpackException error) {
            }
        });
        client.serverBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 1);
        client.clientBytes(ByteBuffer.wrap(headers(1, true)), 2);
        byte[] status = new HpackEncoder(4096).encode(List.of(new HeaderField(":status", "204")));
        client.serverBytes(ByteBuffer.wrap(frame(1, 0x1, 1, new byte[0])), 3); // END_STREAM, block open
        client.serverBytes(ByteBuffer.wrap(frame(9, 0x4, 1, status)), 4); // the CONTINUATION that ends the block
        client.serverBytes(ByteBuffer.wrap(frame(8, 0, 1, new byte[] {0, 0, 0, 1})), 5);
        client.clientBytes(ByteBuffer.wrap(headers(3, false)), 6);
        client.serverBytes(ByteBuffer.wrap(frame(3, 0, 3, new byte[] {0, 0, 0, 8})), 7);
        client.serverBytes(ByteBuffer.wrap(frame(0, 0, 3, new byte[1])), 8);
        assertEquals(List.of("SETTINGS NOT_ENDED", "HEADERS NOT_ENDED", "CONTINUATION NOT_ENDED",
                "WINDOW_UPDATE END_STREAM", "RST_STREAM NOT_ENDED", "DATA RST_STREAM"), heard,
                "the stream ends when its field block does, not at the HEADERS that carries the flag");
    }

    private static Http2Observer observerAfterPreface(Role perspective, List<TraceEvent> events) {
        Http2Observer observer = new Http2Observer(perspective, 9, events::add, 0);
        observer.clientBytes(ByteBuffer.wrap(Preface.bytes()), 0);
        observer.clientBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 0);
        return observer;
    }

    private static List<TraceEvent> observeClient(byte[]... frames) {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = observerAfterPreface(Role.SERVER, events);
        for (byte[] f : frames) {
            observer.clientBytes(ByteBuffer.wrap(f), 1);
        }
        return events;
    }

    /** A client's preface and SETTINGS, then {@code frames}: the observer reports {@code rule}, once. */
    private static void assertBroken(byte[] frames, String rule) {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.SERVER, 9, events::add, 0);
        observer.clientBytes(ByteBuffer.wrap(Preface.bytes()), 0);
        observer.clientBytes(ByteBuffer.wrap(frame(4, 0, 0, new byte[0])), 0);
        observer.clientBytes(ByteBuffer.wrap(frames), 1);
        List<String> rules = events.stream().filter(e -> e instanceof ViolationReceived)
                .map(e -> ((ViolationReceived) e).ruleId()).toList();
        assertEquals(List.of(rule), rules, () -> "violations reported: " + events.stream().filter(e -> e instanceof ViolationReceived).toList());
        assertEquals(1, observer.violations());
    }

    private static byte[] headers(int streamId, boolean endStream) {
        byte[] block = new HpackEncoder(4096).encode(List.of(new HeaderField(":method", "GET"),
                new HeaderField(":scheme", "https"), new HeaderField(":authority", "example.com"),
                new HeaderField(":path", "/")));
        return frame(1, endStream ? 0x5 : 0x4, streamId, block);
    }

    private static byte[] frame(int type, int flags, int streamId, byte[] payload) {
        FrameOutput out = new FrameOutput(64);
        RawFrameWriter.writeFrame(out, type, flags, streamId, payload);
        ByteBuffer view = out.readableView();
        byte[] bytes = new byte[view.remaining()];
        view.get(bytes);
        return bytes;
    }

    // ---------------------------------------------------------------- the exchange

    /** A client and the engine's server: GETs and POSTs with bodies, a SETTINGS change, a reset, a GOAWAY. */
    private void exchange() {
        List<Event> ignored = new ArrayList<>();
        client = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS, e -> {
            if (e instanceof Event.DataReceived d) {
                client.consumed(d.streamId(), d.data().length);
            }
        }, 0);
        server = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(2, serverTrace::add), e -> {
            if (e instanceof Event.DataReceived d) {
                server.consumed(d.streamId(), d.data().length);
            }
            boolean ended = e instanceof Event.DataReceived d && d.endStream()
                    || e instanceof Event.HeadersReceived h && h.endStream();
            if (ended) {
                int id = e instanceof Event.DataReceived d ? d.streamId() : ((Event.HeadersReceived) e).streamId();
                server.sendHeaders(id, List.of(new HeaderField(":status", "200"), new HeaderField("x-id", "n" + id)),
                        false);
                server.sendData(id, ByteBuffer.wrap(new byte[40_000]), true);
            }
            ignored.add(e);
        }, 0);
        pump();
        for (int round = 0; round < 6; round++) {
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                ids.add(client.openStream(List.of(new HeaderField(":method", i % 2 == 0 ? "GET" : "POST"),
                        new HeaderField(":scheme", "https"), new HeaderField(":authority", "example.com"),
                        new HeaderField(":path", "/r/" + round + "/" + i)), i % 2 == 0));
            }
            pump();
            if (round == 2) {
                server.updateSettings(server.localSettingsAnnounced().toBuilder().initialWindowSize(20_000).build());
                client.updateSettings(client.localSettingsAnnounced().toBuilder().initialWindowSize(200_000).build());
                client.reset(ids.get(1), ErrorCode.CANCEL);
            }
            for (int i = 1; i < ids.size(); i += 2) {
                if (!(round == 2 && i == 1)) {
                    client.sendData(ids.get(i), ByteBuffer.wrap(new byte[5_000]), true);
                }
            }
            pump();
        }
        server.goAway(ErrorCode.NO_ERROR, "bye");
        pump();
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
            now += 10;
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            wire.add(new Chunk(fromClient, bytes, now));
            to.receive(buffer, now);
        }
    }

    /** Feeds the recorded chunks to an observer from the server's side, cut into pieces of at most {@code max}. */
    private static List<TraceEvent> observe(List<Chunk> wire, int max, long seed) {
        List<TraceEvent> events = new ArrayList<>();
        Http2Observer observer = new Http2Observer(Role.SERVER, 2, events::add, 0);
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
        return events;
    }

    /** The frames of one direction as (header, frame, decoded fields), the parts both sides can know. */
    private static List<String> frames(List<TraceEvent> trace, Direction direction) {
        Predicate<TraceEvent> wanted = e -> e instanceof FrameEvent f && f.direction() == direction;
        return trace.stream().filter(wanted).map(e -> (FrameEvent) e)
                .map(f -> f.header() + " " + f.frame() + " " + f.headers()).toList();
    }
}
