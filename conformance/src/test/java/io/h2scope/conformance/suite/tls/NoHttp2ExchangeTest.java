package io.h2scope.conformance.suite.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.EvidenceEvents;
import io.h2scope.conformance.peer.NoHttp2;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Server cases whose connections never reach HTTP/2 keep them as their exchange: the TLS cases' own connections with
 * the handshake's outcome, and a connection that could not be opened with why.
 */
class NoHttp2ExchangeTest {

    @Test
    void theTlsCasesConnectionsAreTheirExchangeWithTheHandshakesOutcome() throws Exception {
        try (ReferenceServerTarget embedded = ReferenceServerTarget.of(true)) {
            Target target = embedded.start();
            RunConfig defaults = RunConfig.defaults(target);
            RunConfig config = defaults.withPeer(defaults.peer().withInsecure(true)).withSelection(new CaseSelection(
                    List.of("tls/9.2/only-tls-1-1-offered", "tls/9.2/alpn-h2-selected"), List.of()));
            List<CaseResult> results = new SuiteRunner(config).run(Suites.all(), new RunListener() { }).results();
            assertEquals(2, results.size(), results.toString());

            CaseResult refused = byId(results, "tls/9.2/only-tls-1-1-offered");
            String why = refused.verdict() + "\n" + refused.evidenceText();
            ConnectionOpened probe = (ConnectionOpened) EvidenceEvents.of(refused.evidence(), target).get(0);
            assertEquals("tls", probe.transport(), why);
            assertNull(probe.alpn(), "no ServerHello, no protocol: " + probe);
            assertEquals(target.authority(), probe.remote(), why);
            String line = NoHttp2.why(refused.evidence());
            assertNotNull(line, why);
            // what the target answered instead, and the octets of it (an alert's whole record: content type 21)
            assertTrue(line.contains(": no HTTP/2 (") && line.contains(refusalOf(refused)), line);
            assertTrue(!refused.verdict().actual().contains("alert") || line.contains("received 15 03"), line);

            CaseResult selected = byId(results, "tls/9.2/alpn-h2-selected");
            why = selected.verdict() + "\n" + selected.evidenceText();
            List<TraceEvent> events = EvidenceEvents.of(selected.evidence(), target);
            ConnectionOpened handshake = (ConnectionOpened) events.get(0);
            assertEquals("h2", handshake.alpn(), why);
            assertTrue(handshake.tlsVersion() != null && handshake.cipherSuite() != null, handshake.toString());
            assertTrue(selected.verdict().actual().contains(handshake.cipherSuite()), why);
            assertTrue(events.stream().noneMatch(e -> e instanceof FrameEvent), "the case sends no frame: " + events);
        }
    }

    @Test
    void aCaseWhoseConnectionCannotBeOpenedKeepsTheAttemptAndWhy() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once closed
        }
        Target target = Target.parse("http://127.0.0.1:" + closed + "/");
        SuiteRunner runner = new SuiteRunner(RunConfig.defaults(target));
        SuiteRunner.Planned ping = runner.plan(Suites.all()).stream()
                .filter(p -> p.definition().id().value().equals("http2/6.7/ping-is-acked")).findFirst().orElseThrow();
        CaseResult r = runner.runOne(ping);
        List<TraceEvent> events = EvidenceEvents.of(r.evidence(), target);
        assertEquals(2, events.size(), "an opening and its close: " + events);
        ConnectionOpened attempt = (ConnectionOpened) events.get(0);
        assertEquals("h2c", attempt.transport());
        assertEquals(target.authority(), attempt.remote());
        String line = NoHttp2.why(r.evidence());
        assertTrue(line != null && line.contains("cannot connect to " + target.authority()), r.evidenceText());
    }

    private static CaseResult byId(List<CaseResult> results, String id) {
        return results.stream().filter(r -> r.definition().id().value().equals(id)).findFirst().orElseThrow();
    }

    /** The case's account of the answer ("TLS alert ...", "the connection was closed ..."), as the line has it. */
    private static String refusalOf(CaseResult r) {
        String actual = r.verdict().actual();
        return actual.contains("TLS alert") ? "TLS alert" : "the connection was";
    }
}
