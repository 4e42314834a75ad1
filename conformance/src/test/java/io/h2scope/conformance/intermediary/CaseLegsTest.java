package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.legs.CaseLegs;
import io.h2scope.conformance.intermediary.legs.Http1Text;
import io.h2scope.conformance.intermediary.legs.LegCaps;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.peer.EvidenceEvents;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionLeg;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * An intermediary case keeps both legs of its exchange as trace events, linked: the client's connection to the
 * intermediary (front) and the intermediary's to the origin (origin), each naming the other, the case and its marker;
 * h2 frames both ways on each, or an HTTP/1.1 origin's octets as they went.
 */
class CaseLegsTest {

    private static ProxySuiteRunner.Result run(ProxyStage stage, String id) throws Exception {
        for (var planned : ProxySuiteRunner.plan(ProxySuite.sections(), io.h2scope.conformance.runner.CaseSelection.all())) {
            if (planned.definition().id().value().equals(id)) {
                return new ProxySuiteRunner(stage, false).run(planned);
            }
        }
        throw new AssertionError("no case " + id);
    }

    /** Case {@code id} through h2scope's own relay toward an h2c origin. */
    private static ProxySuiteRunner.Result relayed(String id) throws Exception {
        return relayed(id, LegCaps.DEFAULT);
    }

    /** The same, its legs keeping what {@code caps} says. */
    private static ProxySuiteRunner.Result relayed(String id, LegCaps caps) throws Exception {
        try (Origin origin = Origin.start(OriginKind.H2C, 0); RecordingProxy proxy = OwnRelay.toward(origin)) {
            origin.legs().keep(caps);
            return run(new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    Duration.ofSeconds(10)), ProxyStage.DEFAULT_SETTLE), id);
        }
    }

    private static ConnectionOpened leg(List<TraceEvent> events, String name) {
        return events.stream().filter(e -> e instanceof ConnectionOpened o && o.leg() != null
                && o.leg().name().equals(name)).map(e -> (ConnectionOpened) e).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " leg in " + events));
    }

    private static boolean any(List<TraceEvent> events, long connection, Predicate<TraceEvent> what) {
        return events.stream().anyMatch(e -> e.connectionId() == connection && what.test(e));
    }

    @Test
    void anH2cCaseThroughTheOwnRelayKeepsBothLegsFramesLinked() throws Exception {
        ProxySuiteRunner.Result r = relayed("proxy/8.2.2/connection-field-forwarded");
        String why = r.evidence().stream().map(TraceEntry::format).reduce("", (a, b) -> a + "\n" + b);
        List<TraceEvent> events = EvidenceEvents.of(r.evidence());

        ConnectionOpened front = leg(events, ConnectionLeg.FRONT);
        ConnectionOpened back = leg(events, ConnectionLeg.ORIGIN);
        assertEquals(Role.CLIENT, front.role(), why);
        assertEquals(Role.SERVER, back.role(), why);
        assertEquals(back.connectionId(), front.pair(), "the front names the origin leg");
        assertEquals(front.connectionId(), back.pair(), "the origin leg names the front");
        assertEquals(front.leg().of(), back.leg().of());
        assertTrue(front.leg().of().matches("proxy/8\\.2\\.2/connection-field-forwarded h2sm[0-9a-f]{12}.*"),
                front.leg().of());
        String marker = front.leg().of().split(" ")[1];
        for (ConnectionOpened leg : List.of(front, back)) {
            for (Direction way : Direction.values()) {
                assertTrue(any(events, leg.connectionId(), e -> e instanceof FrameEvent f && f.direction() == way),
                        leg.leg() + ": frames " + way + why);
            }
        }
        // the case's request, as the client sent it and as the origin received it, carries the marker
        Predicate<TraceEvent> marked = e -> e instanceof FrameEvent f && f.frame() instanceof HeadersFrame
                && f.headers().toString().contains(marker);
        assertTrue(any(events, front.connectionId(), marked.and(e -> ((FrameEvent) e).direction() == Direction.OUTBOUND)), why);
        assertTrue(any(events, back.connectionId(), marked.and(e -> ((FrameEvent) e).direction() == Direction.INBOUND)), why);
    }

    /** With a run's own cap ({@code --legs-data}), smaller than the default: it is the one kept to. */
    @Test
    void aLargeBodyKeepsOnlyTheStartOfEachStreamsData() throws Exception {
        int cap = CaseLegs.DATA_KEPT / 4;
        ProxySuiteRunner.Result r = relayed("proxy/e2e/large-download-whole", new LegCaps(cap, Http1Text.SHOWN_OCTETS));
        List<FrameEvent> data = EvidenceEvents.of(r.evidence()).stream()
                .filter(e -> e instanceof FrameEvent f && f.frame() instanceof io.h2scope.engine.frame.DataFrame)
                .map(e -> (FrameEvent) e).toList();
        java.util.Map<String, Integer> kept = new java.util.HashMap<>();
        data.forEach(f -> kept.merge(f.connectionId() + "/" + f.streamId(), f.frame().payloadLength(), Integer::sum));
        assertTrue(data.stream().anyMatch(f -> f.dataOmitted() > 0), "the body is larger than what is kept");
        kept.forEach((stream, octets) -> assertTrue(octets <= cap, stream + " kept " + octets));
        assertTrue(kept.values().stream().anyMatch(octets -> octets == cap), "the body's start is kept: " + kept);
    }

    @Test
    void anHttp1OriginLegShowsTheOctetsItReceivedAndSentAndTheSmuggledRequest() throws Exception {
        try (Origin origin = Origin.start(OriginKind.H1, 0);
                NaiveDowngrader proxy = new NaiveDowngrader(origin.port(), NaiveDowngrader.Mode.NAIVE)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(new InetSocketAddress("127.0.0.1", proxy.port()),
                    Duration.ofSeconds(3)), ProxyStage.DEFAULT_SETTLE);
            ProxySuiteRunner.Result r = run(stage, "proxy/8.1.1/h2-cl-smuggled-request");
            assertEquals(ProxyFinding.DESYNC, r.verdict().finding(), r.verdict().toString());
            String why = r.evidence().stream().map(TraceEntry::format).reduce("", (a, b) -> a + "\n" + b);
            List<TraceEvent> events = EvidenceEvents.of(r.evidence());

            ConnectionOpened front = leg(events, ConnectionLeg.FRONT);
            ConnectionOpened back = leg(events, ConnectionLeg.ORIGIN);
            assertEquals("http/1.1", back.transport(), why);
            assertEquals(back.connectionId(), front.pair(), why);
            assertTrue(any(events, front.connectionId(), e -> e instanceof FrameEvent), why);
            List<Http1Head> octets = events.stream().filter(e -> e instanceof Http1Head h
                    && h.connectionId() == back.connectionId()).map(e -> (Http1Head) e).toList();
            String marker = front.leg().of().split(" ")[1];
            assertTrue(octets.stream().anyMatch(h -> !h.sent() && h.head().contains(marker)), "the request: " + why);
            assertTrue(octets.stream().anyMatch(h -> !h.sent() && h.head().contains("/smuggled HTTP/1.1")),
                    "the smuggled request, as it came: " + why);
            Http1Head answer = octets.stream().filter(Http1Head::sent).findFirst().orElse(null);
            assertNotNull(answer, why);
            assertTrue(answer.head().startsWith("HTTP/1.1 200"), answer.head());
        }
    }
}
