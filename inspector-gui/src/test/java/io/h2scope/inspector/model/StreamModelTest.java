package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.inspector.HandEvents;
import io.h2scope.inspector.RecordedExchange;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The streams view's model: steps on the §5.1 diagram, summaries, illegal attempts. */
class StreamModelTest {

    private static ConnectionHistory connectionOf(List<TraceEvent> events) {
        Recording r = new Recording();
        r.append(r.addSource("test"), events);
        return r.connection(0);
    }

    @Test
    void aGetsStepsAreTheDiagramsEdgesNumberedInOrder() throws Exception {
        ConnectionHistory c = connectionOf(RecordedExchange.clientEvents(1_000));
        List<StateDiagram.Step> steps = StateDiagram.steps(c.streamTimeline(1));
        assertEquals(List.of(StreamState.IDLE, StreamState.OPEN, StreamState.HALF_CLOSED_LOCAL),
                steps.stream().map(s -> s.edge().from()).toList(), "the GET: HEADERS+END_STREAM out, the response in");
        assertEquals(List.of(1, 2, 3), steps.stream().map(StateDiagram.Step::step).toList());
        assertEquals("send ES", steps.get(1).edge().label());
        assertTrue(steps.stream().noneMatch(s -> s.edge().implicit()), "every move is an edge of the RFC's figure");
        assertEquals(Set.of(StreamState.IDLE, StreamState.OPEN, StreamState.HALF_CLOSED_LOCAL, StreamState.CLOSED),
                StateDiagram.visited(c.streamTimeline(1)));
        StreamSummary summary = StreamSummary.of(c, 3);
        assertEquals(StreamState.CLOSED, summary.state());
        assertTrue(summary.frames() >= 4, "the POST's HEADERS, its DATA, the response's HEADERS and DATA: " + summary);
    }

    @Test
    void aMoveTheDiagramLacksGetsAnEdgeNamedByItsInput() {
        HandEvents h = new HandEvents().move(1, StreamState.IDLE, StreamState.HALF_CLOSED_REMOTE,
                StreamInput.RECV_HEADERS);
        StateDiagram.Step step = StateDiagram.steps(connectionOf(h.events()).streamTimeline(1)).get(0);
        assertTrue(step.edge().implicit());
        assertEquals("recv_headers", step.edge().label());
    }

    @Test
    void errorsAndViolationsAboutAStreamAreItsIllegalAttemptsEachWithTheStateItWasIn() {
        HandEvents h = new HandEvents()
                .move(3, StreamState.IDLE, StreamState.OPEN, StreamInput.RECV_HEADERS).headers(Direction.INBOUND, 3, false)
                .move(3, StreamState.OPEN, StreamState.HALF_CLOSED_REMOTE, StreamInput.RECV_END_STREAM)
                .data(Direction.INBOUND, 3, 10); // DATA after END_STREAM: §5.1 STREAM_CLOSED
        h.add(new ErrorRaised(HandEvents.CONNECTION, h.next(), ErrorScope.STREAM, 3, ErrorCode.STREAM_CLOSED,
                "RFC 9113 §5.1", "rule", "DATA on a half-closed (remote) stream"));
        h.headers(Direction.INBOUND, 5, false); // provokes a connection error about stream 5
        h.add(new ErrorRaised(HandEvents.CONNECTION, h.next(), ErrorScope.CONNECTION, 0, ErrorCode.PROTOCOL_ERROR,
                "RFC 9113 §8.3", "rule", "no :method"));
        h.add(new ViolationReceived(HandEvents.CONNECTION, h.next(), new FrameHeader(3, 0x0, 0, 7, false),
                new Violation(SpecRef.rfc9113("6.1"), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "padding too long")));
        ConnectionHistory c = connectionOf(h.events());

        List<IllegalAttempt> on3 = IllegalAttempt.of(c, 3);
        assertEquals(1, on3.size());
        assertEquals(StreamState.HALF_CLOSED_REMOTE, on3.get(0).state());
        assertInstanceOf(DataFrame.class, c.recording().frame(on3.get(0).frameNumber()).frame(), "the DATA provoked it");
        assertTrue(on3.get(0).text().contains("STREAM_CLOSED") && on3.get(0).text().contains("§5.1"), on3.get(0).text());

        List<IllegalAttempt> on5 = IllegalAttempt.of(c, 5);
        assertEquals(1, on5.size(), "the connection error follows a frame of stream 5");
        assertEquals(5, c.recording().frame(on5.get(0).frameNumber()).streamId());
        assertEquals(StreamState.IDLE, on5.get(0).state(), "the HEADERS never opened it here");

        List<IllegalAttempt> on7 = IllegalAttempt.of(c, 7);
        assertEquals(1, on7.size());
        assertEquals(-1, on7.get(0).frameNumber(), "a violating frame is no frame event");
        assertTrue(IllegalAttempt.of(c, 1).isEmpty());
    }
}
