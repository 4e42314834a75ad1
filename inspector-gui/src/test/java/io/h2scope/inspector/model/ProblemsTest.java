package io.h2scope.inspector.model;

import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.trace.explain.Finding;
import io.h2scope.engine.trace.explain.Severity;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.RecordedExchange;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The problems view's model: trace explain's findings per source, each leading to the frame to select. */
class ProblemsTest {

    @Test
    void aBrokenConnectionIsItsProblemsMostSevereFirstEachAtItsFrame() throws Exception {
        Recording recording = new Recording();
        Problems problems = new Problems(recording);
        AtomicInteger told = new AtomicInteger();
        problems.addListener(told::incrementAndGet);
        int clean = recording.addSource("clean");
        List<TraceEvent> exchange = RecordedExchange.clientEvents(1_000);
        recording.append(clean, exchange);
        problems.accept(clean, exchange);
        problems.ended(clean);
        assertEquals(0, problems.count(), "a clean exchange has no problem: " + problems.list());
        int broken = recording.addSource("broken");
        recording.append(broken, BrokenExchange.events());
        problems.accept(broken, BrokenExchange.events());

        List<Problems.Problem> list = problems.list();
        assertEquals(2, list.size(), list.toString());
        Finding ended = list.get(0).finding();
        assertEquals(Finding.Kind.CONNECTION_ENDED, ended.kind());
        assertEquals(Severity.CRITICAL, ended.severity());
        assertEquals("PROTOCOL_ERROR", ended.code());
        assertEquals(new ConnectionKey(broken, BrokenExchange.CONNECTION), list.get(0).connection());
        assertInstanceOf(GoAwayFrame.class, recording.frame(problems.frameOf(list.get(0))).frame());
        assertEquals(Finding.Kind.STREAM_RESET, list.get(1).finding().kind());
        assertInstanceOf(RstStreamFrame.class, recording.frame(problems.frameOf(list.get(1))).frame());
        assertTrue(told.get() >= 1, "listeners told of the new findings");
    }

    @Test
    void twoSourcesWithTheSameConnectionIdAreExplainedApart() {
        Recording recording = new Recording();
        Problems problems = new Problems(recording);
        for (String name : List.of("a", "b")) {
            int source = recording.addSource(name);
            List<TraceEvent> events = BrokenExchange.events();
            // the first source's connection stops before its close: its findings wait for the source's end
            List<TraceEvent> fed = name.equals("a") ? events.subList(0, 3) : events;
            recording.append(source, fed);
            problems.accept(source, fed);
        }
        assertEquals(2, problems.count(), "only b's connection has ended: " + problems.list());
        problems.ended(0);
        assertTrue(problems.list().stream().anyMatch(p -> p.connection().source() == 0), problems.list().toString());
    }
}
