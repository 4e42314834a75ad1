package io.h2scope.conformance.client;

import io.h2scope.conformance.client.cases.C6_7_Ping;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.peer.EntryDirection;
import io.h2scope.conformance.peer.EvidenceEvents;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A client case keeps its exchange as trace events, as a server case does, so the inspector can open it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClientCaseExchangeTest {

    @Test
    void aClientCasesResultCarriesItsFramesBothWaysAsTraceEvents() throws Exception {
        List<ClientSuiteRunner.Result> results = new ClientSuiteRunner(new H2ClientUnderTest(), Duration.ofSeconds(20))
                .run(List.of(new C6_7_Ping()));
        assertFalse(results.isEmpty());
        for (ClientSuiteRunner.Result r : results) {
            String why = r.definition().id() + "\n" + r.evidenceText();
            List<FrameEvent> frames = r.evidence().stream().map(TraceEntry::event)
                    .filter(e -> e instanceof FrameEvent).map(e -> (FrameEvent) e).toList();
            assertTrue(frames.stream().anyMatch(f -> f.direction() == Direction.INBOUND), "the client's frames: " + why);
            assertTrue(frames.stream().anyMatch(f -> f.direction() == Direction.OUTBOUND), "the server's frames: " + why);
            assertTrue(r.evidence().stream().filter(e -> e.event() instanceof FrameEvent)
                    .allMatch(e -> e.direction() == (((FrameEvent) e.event()).direction() == Direction.INBOUND
                            ? EntryDirection.IN : EntryDirection.OUT)), why);

            List<TraceEvent> events = EvidenceEvents.of(r.evidence());
            ConnectionOpened opened = (ConnectionOpened) events.get(0);
            assertEquals(Role.SERVER, opened.role(), "the case's side is the server's");
            assertEquals("h2c", opened.transport(), why);
            assertTrue(opened.remote() != null && opened.clock() != null, opened.toString());
            assertEquals(frames.size(), events.stream().filter(e -> e instanceof FrameEvent).count(), why);
            long received = events.stream().filter(e -> e instanceof ConnectionClosed)
                    .mapToLong(e -> ((ConnectionClosed) e).framesReceived()).sum();
            assertEquals(frames.stream().filter(f -> f.direction() == Direction.INBOUND).count(), received, why);
        }
    }

    /** TLS without h2: no HTTP/2 frame, but the connection and its handshake's outcome are the exchange. */
    @Test
    void aCaseWhoseTlsChoseNoH2KeepsItsConnectionWithTheHandshakesOutcome() throws Exception {
        List<ClientSuiteRunner.Result> results = new ClientSuiteRunner(new H2ClientUnderTest(), Duration.ofSeconds(20),
                java.util.Optional.empty(), false, new io.h2scope.conformance.runner.CaseSelection(
                        List.of("client/9.2/alpn-not-selected-no-h2"), List.of()))
                .run(List.of(new io.h2scope.conformance.client.cases.C9_2_Tls()));
        assertEquals(1, results.size());
        ClientSuiteRunner.Result r = results.get(0);
        List<TraceEvent> events = EvidenceEvents.of(r.evidence());
        String why = r.verdict() + "\n" + r.evidenceText();
        assertFalse(events.isEmpty(), why);
        ConnectionOpened opened = (ConnectionOpened) events.get(0);
        assertEquals("tls", opened.transport(), why);
        assertTrue(opened.tlsVersion() != null && opened.cipherSuite() != null, opened.toString());
        assertEquals(null, opened.alpn(), "no protocol was chosen: " + opened);
        assertEquals(1, events.stream().filter(e -> e instanceof ConnectionOpened).count(), "one opening: " + events);
        assertTrue(r.evidenceText().contains(": no HTTP/2"), why);
    }
}
