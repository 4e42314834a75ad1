package io.h2scope.engine.trace.explain;

import static io.h2scope.engine.trace.explain.EngineErrorsExplainedTest.assertStep;
import static io.h2scope.engine.trace.explain.EngineErrorsExplainedTest.only;
import static io.h2scope.engine.trace.explain.EngineErrorsExplainedTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.ConnectionState;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.trace.model.Side;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What goes wrong between two ends besides a rule broken, in recordings of the engine's own connections: a peer's
 * GOAWAY with an error, a reset storm, a stall, answers that never come, an idle timeout, a close with streams open;
 * and a clean run, which has nothing to explain.
 */
class ConnectionTroubleExplainedTest {

    @Test
    void aCleanRunHasNoFindings() {
        Recording r = Recording.pair(ConnectionConfig.DEFAULTS, ConnectionConfig.DEFAULTS).answering(100_000);
        r.otherApp = e -> {
            if (e instanceof Event.DataReceived d) {
                r.other.consumed(d.streamId(), d.flowControlledLength());
            }
        };
        r.pump(1);
        for (String path : List.of("/a", "/b", "/c")) {
            r.other.openStream(Recording.get(path), true);
            r.pump(1);
        }
        r.other.goAway(ErrorCode.NO_ERROR, "");
        r.pump(1);
        assertEquals(ConnectionState.CLOSED, r.conn.state());
        assertEquals(List.of(), r.explain(), () -> text(r.explain()));
    }

    @Test
    void aPeersGoAwayWithAnErrorIsItsEndAndLeavesOurStreamUnprocessed() {
        Recording r = Recording.client(ConnectionConfig.DEFAULTS).handshake();
        r.at(10);
        r.conn.openStream(Recording.get("/orders"), true);
        r.read();
        r.at(20).frame(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR, "bad request".getBytes(StandardCharsets.US_ASCII)));
        List<Finding> findings = r.explain();
        Finding end = only(findings, Finding.Kind.CONNECTION_ENDED);
        assertEquals(Side.REMOTE, end.by());
        assertEquals("GOAWAY", end.frame());
        assertEquals("PROTOCOL_ERROR", end.code());
        assertNull(end.rule().id(), "the peer's reason is its own: the code's meaning is what RFC 9113 §7 says");
        assertEquals("RFC 9113 §7", end.rule().spec());
        assertEquals(ErrorCode.PROTOCOL_ERROR.meaning(), end.rule().sentence());
        assertEquals("The peer ended the connection with GOAWAY PROTOCOL_ERROR (last_stream=0, debug \"bad request\")",
                end.summary());
        assertStep(end, "We sent HEADERS on stream 1 with END_STREAM (GET /orders)");
        Finding left = only(findings, Finding.Kind.GOAWAY_LEFT_STREAMS);
        assertEquals(Severity.WARNING, left.severity());
        assertEquals(List.of(1), left.streams());
        assertEquals("RFC 9113 §6.8", left.rule().spec());
        assertEquals("The peer's GOAWAY PROTOCOL_ERROR said last stream 0 while stream 1, opened by us, was in use: "
                + "above the last stream, the peer did not and will not process them", left.summary());
        assertEquals(List.of(Finding.Kind.CONNECTION_ENDED, Finding.Kind.GOAWAY_LEFT_STREAMS),
                findings.stream().map(Finding::kind).toList(), "ranked: most severe first");
        assertEquals(1, end.before().size(), end.before().toString());
        assertTrue(end.before().get(0).startsWith("WARNING The peer's GOAWAY"), end.before().toString());
    }

    @Test
    void aResetStormIsOneAccountBesideTheLimitItBroke() {
        Recording r = Recording.server().handshake();
        r.at(5);
        int streams = 0;
        for (int id = 1; r.conn.state() != ConnectionState.CLOSED && id < 20_000; id += 2) {
            r.frame(HeadersFrame.of(id, r.encoder.encode(Recording.get("/")), true, true));
            r.frame(RstStreamFrame.of(id, ErrorCode.CANCEL));
            streams++;
        }
        List<Finding> findings = r.explain();
        Finding end = only(findings, Finding.Kind.CONNECTION_ENDED);
        assertEquals("ENHANCE_YOUR_CALM", end.code());
        assertEquals("limit/rst-stream-received-rate", end.rule().id());
        assertStep(end, "The peer sent RST_STREAM CANCEL on stream");
        Finding storm = only(findings, Finding.Kind.STREAM_RESET);
        assertEquals(Side.REMOTE, storm.by());
        assertEquals(Severity.NOTICE, storm.severity());
        assertTrue(storm.streamCount() >= streams - 1, storm.streamCount() + " of " + streams);
        assertEquals(List.of(1, 3, 5, 7, 9, 11, 13, 15, 17, 19), storm.streams());
        assertTrue(storm.summary().startsWith("The peer reset " + storm.streamCount()
                + " streams (1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and "), storm.summary());
        assertTrue(end.before().stream().anyMatch(b -> b.startsWith("NOTICE The peer reset ")), end.before().toString());
    }

    @Test
    void aPeerThatGrantsNoCreditStallsOurStreamUntilTheEnd() {
        Recording r = Recording.pair(ConnectionConfig.DEFAULTS, ConnectionConfig.DEFAULTS).answering(200_000);
        r.pump(1);
        r.other.openStream(Recording.get("/video"), true); // the client's application never reads the body
        r.pump(1);
        r.at(5_000);
        r.conn.transportClosed(r.now());
        List<Finding> findings = r.explain().stream().filter(f -> f.connectionId() == 2).toList();
        Finding stall = findings.stream().filter(f -> f.kind() == Finding.Kind.WINDOW_STALL && f.streamCount() == 1)
                .findFirst().orElseThrow(() -> new AssertionError(text(findings)));
        assertEquals(Side.REMOTE, stall.by(), "the peer withheld the credit");
        assertEquals(List.of(1), stall.streams());
        assertTrue(stall.summary().startsWith("Our send window on stream 1 (GET /video) stayed at 0 for 5.0 s before "
                + "the connection ended: the peer gave no credit while we had more to send (the peer stopped "
                + "reading?)"), stall.summary());
        assertEquals("RFC 9113 §5.2.1", stall.rule().spec());
        Finding end = only(findings, Finding.Kind.CONNECTION_ENDED);
        assertNull(end.by(), "the transport went away");
        assertTrue(end.summary().startsWith("The connection closed without a GOAWAY with stream 1 still open"),
                end.summary());
        assertStep(end, "We sent DATA of");
    }

    @Test
    void theEnginesOwnSendStallLimitResetsTheStalledStream() {
        ConnectionConfig server = ConnectionConfig.DEFAULTS.withLimits(Limits.builder()
                .sendStallTimeout(Duration.ofSeconds(2)).build());
        Recording r = Recording.pair(server, ConnectionConfig.DEFAULTS).answering(200_000);
        r.pump(1);
        r.other.openStream(Recording.get("/video"), true);
        r.pump(1);
        r.at(3_000);
        r.read();
        List<Finding> findings = r.explain().stream().filter(f -> f.connectionId() == 2).toList();
        Finding ended = findings.get(0);
        assertTrue(ended.rule() != null && "limit/connection-send-stall".equals(ended.rule().id())
                || "limit/stream-send-stall".equals(ended.rule().id()), text(findings));
        assertTrue(findings.stream().anyMatch(f -> f.kind() == Finding.Kind.WINDOW_STALL), text(findings));
    }

    @Test
    void settingsNeverAcknowledgedAreAWarning() {
        Recording r = Recording.server();
        r.send(Recording.PREFACE);
        r.frame(io.h2scope.engine.frame.SettingsFrame.of(List.of())); // and never the ACK of ours
        r.read();
        r.at(3_000);
        r.conn.transportClosed(r.now());
        Finding f = only(r.explain(), Finding.Kind.SETTINGS_UNACKNOWLEDGED);
        assertEquals(Side.REMOTE, f.by());
        assertEquals("The peer never acknowledged our SETTINGS: 3.0 s without an answer before the connection ended",
                f.summary());
        assertEquals("RFC 9113 §6.5.3", f.rule().spec());
        assertEquals(1, r.explain().size(), "a close with no stream open is clean: " + text(r.explain()));
    }

    @Test
    void aPingNeverAnsweredIsAWarning() {
        Recording r = Recording.client(ConnectionConfig.DEFAULTS).handshake();
        r.at(100);
        r.conn.ping(0x42);
        r.read();
        r.at(2_600);
        r.conn.transportClosed(r.now());
        Finding f = only(r.explain(), Finding.Kind.PING_UNANSWERED);
        assertEquals(Side.REMOTE, f.by());
        assertEquals("The peer never acknowledged our PING 0000000000000042: 2.5 s without an answer before the "
                + "connection ended", f.summary());
    }

    @Test
    void anIdleTimeoutIsANoticeWithTheLastFrameBeforeIt() {
        Recording r = Recording.server().answering(0).handshake();
        r.at(10).headers(1, Recording.get("/"), true);
        r.read();
        r.at(30_010);
        r.conn.idleTimeout("idle for 30000 ms"); // what the transport's idle timer does
        r.read();
        List<Finding> findings = r.explain();
        Finding f = only(findings, Finding.Kind.IDLE_TIMEOUT);
        assertEquals(Severity.NOTICE, f.severity());
        assertEquals("We closed the connection, idle for 30.0 s, with GOAWAY NO_ERROR (idle for 30000 ms)",
                f.summary());
        assertStep(f, "We sent HEADERS on stream 1 with END_STREAM (:status 200)");
        assertEquals(1, findings.size(), "an idle timeout ends a connection cleanly: " + text(findings));
    }
}
