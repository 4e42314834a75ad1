package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.post;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The trace tells stream states in the order RFC 9113 §5.1 moves them, END_STREAM before what the
 * application answers, and a received frame's event after the changes it made itself.
 */
class TraceEventOrderTest {

    private final List<TraceEvent> clientTrace = new ArrayList<>();
    private final List<TraceEvent> serverTrace = new ArrayList<>();
    private final ConnectionPair p = new ConnectionPair(
            ConnectionConfig.DEFAULTS.withEnablePush(true).withTraceSink(1, clientTrace::add),
            ConnectionConfig.DEFAULTS.withTraceSink(2, serverTrace::add));

    @Test
    void getOnTheServerIsHalfClosedRemoteThenClosed() {
        p.serverEvents.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                p.server.sendHeaders(h.streamId(), status(200), true);
            }
        };
        p.pump();
        int id = p.client.openStream(get("/"), true);
        p.pump();
        assertEquals(List.of("idle -> open on recv_headers", "open -> half_closed_remote on recv_end_stream",
                "half_closed_remote -> closed on send_end_stream"), states(serverTrace, id));
        assertEquals(List.of("idle -> open on send_headers", "open -> half_closed_local on send_end_stream",
                "half_closed_local -> closed on recv_end_stream"), states(clientTrace, id));
        FrameEvent request = frame(serverTrace, Direction.INBOUND, 1);
        assertEquals(StreamState.HALF_CLOSED_REMOTE, request.streamStateAfter());
        int requestAt = serverTrace.indexOf(request);
        int endStreamAt = indexOfState(serverTrace, id, StreamState.HALF_CLOSED_REMOTE);
        int responseAt = serverTrace.indexOf(frame(serverTrace, Direction.OUTBOUND, 1));
        assertTrue(endStreamAt < requestAt && requestAt < responseAt,
                "the request's own END_STREAM, then the request, then the answer: " + serverTrace);
    }

    @Test
    void postWithABodyEndsOnItsData() {
        p.autoConsume();
        p.serverEvents.reaction = e -> {
            if (e instanceof Event.DataReceived d) {
                p.server.consumed(d.streamId(), d.data().length);
                if (d.endStream()) {
                    p.server.sendHeaders(d.streamId(), status(204), true);
                }
            }
        };
        p.pump();
        int id = p.client.openStream(post("/upload", 5), false);
        p.client.sendData(id, ByteBuffer.wrap(new byte[5]), true);
        p.pump();
        assertEquals(List.of("idle -> open on recv_headers", "open -> half_closed_remote on recv_end_stream",
                "half_closed_remote -> closed on send_end_stream"), states(serverTrace, id));
        FrameEvent data = frame(serverTrace, Direction.INBOUND, 0);
        assertEquals(StreamState.HALF_CLOSED_REMOTE, data.streamStateAfter());
    }

    @Test
    void aResetClosesFromOpen() {
        p.pump();
        int id = p.client.openStream(post("/", 100), false);
        p.pump();
        p.client.reset(id, ErrorCode.CANCEL);
        p.pump();
        assertEquals(List.of("idle -> open on recv_headers", "open -> closed on recv_rst_stream"),
                states(serverTrace, id));
        assertEquals(List.of("idle -> open on send_headers", "open -> closed on send_rst_stream"),
                states(clientTrace, id));
    }

    @Test
    void aPushIsReservedThenHalfClosedThenClosed() {
        p.serverEvents.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                int promised = p.server.push(h.streamId(), get("/style.css"));
                p.server.sendHeaders(h.streamId(), status(200), true);
                p.server.sendHeaders(promised, status(200), true);
            }
        };
        p.pump();
        p.client.openStream(get("/"), true);
        p.pump();
        assertEquals(List.of("idle -> reserved_local on send_promised_id",
                "reserved_local -> half_closed_remote on send_headers",
                "half_closed_remote -> closed on send_end_stream"), states(serverTrace, 2));
        assertEquals(List.of("idle -> reserved_remote on recv_promised_id",
                "reserved_remote -> half_closed_local on recv_headers",
                "half_closed_local -> closed on recv_end_stream"), states(clientTrace, 2));
    }

    @Test
    void initialWindowSizeChangeMovesEveryOpenStreamWindow() {
        p.pump();
        int a = p.client.openStream(post("/a", 10), false);
        int b = p.client.openStream(post("/b", 10), false);
        int c = p.client.openStream(post("/c", 10), false);
        p.pump();
        clientTrace.clear();
        p.server.updateSettings(p.server.localSettingsAnnounced().toBuilder().initialWindowSize(100_000).build());
        p.pump();
        List<WindowChanged> moved = clientTrace.stream().filter(e -> e instanceof WindowChanged w
                && w.cause() == WindowCause.INITIAL_WINDOW_SIZE).map(e -> (WindowChanged) e).toList();
        assertEquals(List.of(a, b, c), moved.stream().map(WindowChanged::streamId).sorted().toList());
        for (WindowChanged w : moved) {
            assertEquals(WindowSide.SEND, w.side());
            assertEquals(65_535, w.oldSize());
            assertEquals(100_000, w.newSize());
            assertEquals(100_000, p.client.streams().stream().filter(s -> s.id() == w.streamId()).findFirst()
                    .orElseThrow().sendWindow());
        }
    }

    @Test
    void bothEncodersAndDecodersTellTheirTableChanges() {
        p.pump();
        p.client.openStream(get("/indexed-path"), true);
        p.pump();
        assertTrue(clientTrace.stream().anyMatch(e -> e instanceof HpackEntryAdded h
                && h.table() == HpackContext.ENCODER && h.name().equals(":authority")), "client encoder");
        assertTrue(serverTrace.stream().anyMatch(e -> e instanceof HpackEntryAdded h
                && h.table() == HpackContext.DECODER && h.name().equals(":authority")), "server decoder");
    }

    @Test
    void withTracingOffNoEventIsBuilt() {
        TraceSink off = new TraceSink() {
            @Override
            public void onEvent(TraceEvent event) {
                throw new AssertionError("called while disabled: " + event);
            }

            @Override
            public boolean enabled() {
                return false;
            }
        };
        ConnectionPair quiet = new ConnectionPair(ConnectionConfig.DEFAULTS.withTraceSink(1, off),
                ConnectionConfig.DEFAULTS.withTraceSink(2, off));
        quiet.pump();
        int id = quiet.client.openStream(post("/", 3), false);
        quiet.client.sendData(id, ByteBuffer.wrap(new byte[3]), true);
        quiet.client.updateSettings(quiet.client.localSettingsAnnounced().toBuilder().initialWindowSize(1000).build());
        quiet.pump();
        assertEquals(StreamState.HALF_CLOSED_REMOTE, quiet.server.streamState(id), "the exchange took place");
        quiet.server.reset(id, ErrorCode.CANCEL);
        quiet.client.goAway(ErrorCode.NO_ERROR, "bye");
        quiet.pump();
        assertEquals(ConnectionState.CLOSED, quiet.client.state());
    }

    private static List<String> states(List<TraceEvent> trace, int streamId) {
        return trace.stream().filter(e -> e instanceof StreamStateChanged s && s.streamId() == streamId)
                .map(e -> (StreamStateChanged) e)
                .map(s -> s.from().name().toLowerCase() + " -> " + s.to().name().toLowerCase() + " on "
                        + s.input().name().toLowerCase()).toList();
    }

    private static int indexOfState(List<TraceEvent> trace, int streamId, StreamState to) {
        for (int i = 0; i < trace.size(); i++) {
            if (trace.get(i) instanceof StreamStateChanged s && s.streamId() == streamId && s.to() == to) {
                return i;
            }
        }
        return -1;
    }

    private static FrameEvent frame(List<TraceEvent> trace, Direction direction, int typeCode) {
        return trace.stream().filter(e -> e instanceof FrameEvent f && f.direction() == direction
                && f.header().typeCode() == typeCode && f.header().streamId() > 0).map(e -> (FrameEvent) e)
                .findFirst().orElseThrow();
    }
}
