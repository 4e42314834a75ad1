package io.h2scope.conformance.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.RunningTarget;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class EvidenceEventsTest {

    /** http2/6.7/nonzero-stream-id: a PING on stream 1 must end in GOAWAY PROTOCOL_ERROR; a liveness probe follows. */
    @Test
    void anErrorCaseBecomesTheCaseConnectionAndTheProbeConnectionWithTheirFrames() throws Exception {
        try (RunningTarget running = TargetResolver.standard().start("embedded", false, line -> { })) {
            Target target = running.target(false);
            RunResult run = new SuiteRunner(RunConfig.defaults(target).withSelection(
                    new CaseSelection(List.of("http2/6.7/nonzero-stream-id"), List.of()))).run(Suites.all(), new io.h2scope.conformance.runner.RunListener() { });
            CaseResult result = run.results().get(0);
            List<TraceEvent> events = EvidenceEvents.of(result.evidence(), target);

            List<Long> connections = events.stream().map(TraceEvent::connectionId).distinct().toList();
            assertEquals(2, connections.size(), "the case's connection and the liveness probe's: " + events);
            for (long id : connections) {
                List<TraceEvent> own = events.stream().filter(e -> e.connectionId() == id).toList();
                assertInstanceOf(ConnectionOpened.class, own.get(0));
                assertNotNull(((ConnectionOpened) own.get(0)).clock(), "the evidence says when the peer connected");
                assertEquals(1, own.stream().filter(e -> e instanceof ConnectionOpened).count(), "one opening each");
                assertInstanceOf(ConnectionClosed.class, own.get(own.size() - 1));
                // every frame the peer sent: those the observer decoded, and those that broke a frame rule (not decoded)
                long framesSent = result.evidence().stream().filter(e -> e.event() != null && e.event().connectionId() == id
                        && e.direction() == io.h2scope.conformance.peer.EntryDirection.OUT).count();
                assertEquals(framesSent, ((ConnectionClosed) own.get(own.size() - 1)).framesSent(), result.evidenceText());
            }
            long frames = events.stream().filter(e -> e instanceof FrameEvent).count();
            long entriesWithFrames = result.evidence().stream().filter(e -> e.event() instanceof FrameEvent).count();
            assertEquals(entriesWithFrames, frames);

            List<FrameEvent> caseFrames = events.stream().filter(e -> e.connectionId() == connections.get(0))
                    .filter(e -> e instanceof FrameEvent).map(e -> (FrameEvent) e).toList();
            assertTrue(caseFrames.stream().anyMatch(f -> f.direction() == Direction.OUTBOUND
                    && f.frame().type() == FrameType.SETTINGS), describe(caseFrames));
            // the case's PING on stream 1 breaks a frame rule (PING carries no stream id): the observer of the peer's
            // octets names it, with its rule id, and no frame record is made of it
            assertTrue(result.evidence().stream().anyMatch(e -> e.direction() == io.h2scope.conformance.peer.EntryDirection.OUT
                    && e.text().startsWith("PING stream=1") && e.event() instanceof ViolationReceived v
                    && e.text().endsWith("[rule " + v.ruleId() + "]")), result.evidenceText());
            // the observer tracks what the peer does not: the state of the streams, both sides' windows
            assertTrue(events.stream().anyMatch(e -> e instanceof io.h2scope.engine.trace.model.SettingsInForce),
                    "the settings in force are among the events");
            assertTrue(caseFrames.stream().anyMatch(f -> f.direction() == Direction.INBOUND
                    && f.frame() instanceof GoAwayFrame g && g.errorCode() == 1), describe(caseFrames));
            ConnectionClosed closed = (ConnectionClosed) events.stream()
                    .filter(e -> e.connectionId() == connections.get(0) && e instanceof ConnectionClosed).findFirst().orElseThrow();
            assertEquals(ConnectionClosed.Cause.GOAWAY_RECEIVED, closed.cause());
        }
    }

    private static String describe(List<FrameEvent> frames) {
        return frames.stream().map(f -> f.direction() + " " + f.header()).collect(Collectors.joining(", "));
    }
}
