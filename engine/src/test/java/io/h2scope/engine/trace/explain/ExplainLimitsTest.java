package io.h2scope.engine.trace.explain;

import static io.h2scope.engine.trace.explain.EngineErrorsExplainedTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.ConnectionState;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Each of {@link ExplainLimits}: what it bounds, and that it does. */
class ExplainLimitsTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    /** A recording whose client gave no credit for 5 s before the connection closed. */
    private static List<TraceEvent> stalledFiveSeconds() {
        Recording r = Recording.pair(ConnectionConfig.DEFAULTS, ConnectionConfig.DEFAULTS).answering(200_000);
        r.pump(1);
        r.other.openStream(Recording.get("/"), true);
        r.pump(1);
        r.at(5_000);
        r.conn.transportClosed(r.now());
        return r.events();
    }

    @Test
    void theStallTimeDecidesWhatCountsAsAStall() {
        List<TraceEvent> events = stalledFiveSeconds();
        long stalls = count(Explainer.explain(events, new ExplainLimits(32, 4 * SECOND, SECOND)), Finding.Kind.WINDOW_STALL);
        assertEquals(2, stalls, "the stream's window and the connection's, each at 0 for 5 s");
        assertEquals(0, count(Explainer.explain(events, new ExplainLimits(32, 6 * SECOND, SECOND)),
                Finding.Kind.WINDOW_STALL));
    }

    @Test
    void theAnswerTimeDecidesWhatCountsAsUnanswered() {
        Recording r = Recording.client(ConnectionConfig.DEFAULTS).handshake();
        r.conn.ping(7);
        r.read();
        r.at(2_000).frame(PingFrame.ackOf(7)); // answered after 2 s
        assertEquals(1, count(Explainer.explain(r.events(), new ExplainLimits(32, SECOND, SECOND)),
                Finding.Kind.PING_UNANSWERED));
        assertEquals(0, count(Explainer.explain(r.events(), new ExplainLimits(32, SECOND, 3 * SECOND)),
                Finding.Kind.PING_UNANSWERED));
    }

    @Test
    void theHistoryBoundsWhatAnAccountShowsAndTheExplainerHoldsOnlyOpenConnections() {
        Recording r = Recording.server().handshake();
        r.at(5);
        for (long i = 0; i < 2_000 && r.conn.state() != ConnectionState.CLOSED; i++) {
            r.frame(PingFrame.of(i));
        }
        List<Finding> findings = new ArrayList<>();
        Explainer explainer = new Explainer(new ExplainLimits(2, SECOND, SECOND), findings::add);
        r.events().forEach(explainer::accept);
        assertEquals(0, explainer.openConnections(), "a closed connection's state and history are let go");
        Finding end = findings.stream().filter(f -> f.kind() == Finding.Kind.CONNECTION_ENDED).findFirst().orElseThrow();
        assertTrue(end.steps().size() <= 6, text(findings));
        assertTrue(end.steps().stream().anyMatch(s -> s.text().contains("frames were PING")), text(findings));
    }

    @Test
    void limitsBelowOneAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ExplainLimits(0, SECOND, SECOND));
        assertThrows(IllegalArgumentException.class, () -> new ExplainLimits(1, 0, SECOND));
    }

    private static long count(List<Finding> findings, Finding.Kind kind) {
        return findings.stream().filter(f -> f.kind() == kind).count();
    }
}
