package io.h2scope.engine.trace;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.FrameOctets;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.redact.RedactingSink;
import io.h2scope.engine.trace.redact.SecretScan;
import io.h2scope.engine.trace.text.Redaction;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the sinks behind a {@link RedactingSink} get of {@link TracedExchange}'s GET with credentials: no secret in any
 * field, table entry or octet, every field block still decoding from its octets to values of the same lengths, a
 * block over CONTINUATION frames filled by its fields, DATA cut, and each opening saying so.
 */
class RedactingSinkTest {

    private static final List<String> SECRETS = List.of("Bearer s3cret", "session=abc", "id=42");

    @Test
    void noSecretReachesTheSinksAndEveryBlockStillDecodes() {
        JsonlTraceTest.Collect out = new JsonlTraceTest.Collect(true); // with HPACK detail, as the proxy and the inspector
        TraceSink sink = RedactingSink.wrap(out, Redaction.DEFAULT, 0);
        TracedExchange.run(sink, sink);
        assertEquals(List.of(), SecretScan.findings(out.events, SECRETS));
        List<FrameEvent> completing = out.events.stream().filter(e -> e instanceof FrameEvent f
                && !f.headers().isEmpty()).map(e -> (FrameEvent) e).toList();
        List<List<HeaderField>> decoded = SecretScan.decodedAgain(out.events);
        assertEquals(completing.size(), decoded.size());
        for (int i = 0; i < decoded.size(); i++) {
            List<HeaderField> recorded = completing.get(i).headers();
            assertEquals(recorded.size(), decoded.get(i).size());
            for (int j = 0; j < recorded.size(); j++) {
                assertEquals(recorded.get(j).name(), decoded.get(i).get(j).name());
                assertEquals(recorded.get(j).value().length(), decoded.get(i).get(j).value().length(),
                        recorded.get(j).name());
            }
        }
        assertEquals("*************", value(completing.get(0).headers(), "authorization"));
        for (TraceEvent e : out.events) {
            if (e instanceof ConnectionOpened o) {
                assertEquals(new TracePrivacy(List.copyOf(new java.util.TreeSet<>(Redaction.DEFAULT_NAMES)), false, 0),
                        o.privacy());
            }
            if (e instanceof FrameEvent f && f.frame() instanceof DataFrame d) {
                assertEquals(0, d.data().length, "DATA is not kept by default");
                assertEquals(f.header().length(), f.dataOmitted());
                assertEquals(9 + f.header().length(), FrameOctets.wire(f).length, "the wire form keeps its length");
            }
        }
    }

    @Test
    void revealingPassesTheValuesAndSaysSo() {
        JsonlTraceTest.Collect out = new JsonlTraceTest.Collect(true); // with HPACK detail, as the proxy and the inspector
        TraceSink sink = RedactingSink.wrap(out, Redaction.DEFAULT.revealing(true), TracePrivacy.ALL_DATA);
        TracedExchange.run(sink, sink);
        assertEquals(SECRETS.size(), SECRETS.stream().filter(s -> !SecretScan.findings(out.events, List.of(s)).isEmpty())
                .count());
        ConnectionOpened opened = (ConnectionOpened) out.events.stream().filter(e -> e instanceof ConnectionOpened)
                .findFirst().orElseThrow();
        assertTrue(opened.privacy().revealed());
        assertTrue(opened.privacy().allData());
    }

    @Test
    void aBlockOverContinuationFramesIsFilledByItsFieldsAndAnIndexedCookieDecodesToItsFiller() {
        String cookie = "session=0123456789abcdefghij"; // 20 octets or more: the engine's encoder indexes it
        String big = "a".repeat(30_000); // 18,750 octets coded: the block needs a CONTINUATION
        List<HeaderField> first = List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", "/"),
                new HeaderField("x-big", big), new HeaderField("authorization", "Bearer s3cret"),
                new HeaderField("cookie", cookie));
        List<HeaderField> second = List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", "/2"),
                new HeaderField("cookie", cookie));
        JsonlTraceTest.Collect out = new JsonlTraceTest.Collect(true); // with HPACK detail, as the proxy and the inspector
        TraceSink sink = RedactingSink.wrap(out, Redaction.DEFAULT, 0);
        ConnectionConfig roomy = ConnectionConfig.DEFAULTS.withLimits(Limits.builder().maxHeaderListSize(1 << 16).build());
        new TracedExchange(roomy.withTraceSink(1, sink), roomy.withTraceSink(2, sink)).requests(List.of(first, second));

        assertTrue(out.events.stream().anyMatch(e -> e instanceof FrameEvent f && f.frame() instanceof ContinuationFrame),
                "the first request's block went over a CONTINUATION");
        assertEquals(List.of(), SecretScan.findings(out.events, List.of("Bearer s3cret", cookie)));
        List<List<HeaderField>> decoded = SecretScan.decodedAgain(out.events);
        List<HeaderField> firstSent = decoded.get(0);
        assertTrue(firstSent.contains(new HeaderField("x-big", big)), "a value not hidden is kept, octet for octet");
        assertEquals("*************".length(), value(firstSent, "authorization").length());
        // the second request refers to the cookie's table entry: it decodes to the entry as recorded, filled
        List<HeaderField> secondSent = decoded.stream().filter(b -> b.contains(new HeaderField(":path", "/2")))
                .findFirst().orElseThrow();
        assertEquals(cookie.length(), value(secondSent, "cookie").length());
        assertFalse(value(secondSent, "cookie").contains("session"));
        HpackBlock detail = out.events.stream().filter(e -> e instanceof FrameEvent f && f.hpack() != null
                && f.direction() == Direction.OUTBOUND && f.headers().contains(new HeaderField(":path", "/2")))
                .map(e -> ((FrameEvent) e).hpack()).findFirst().orElseThrow();
        HpackBlock.Line cookieLine = detail.lines().stream().filter(l -> l.name().equals("cookie")).findFirst()
                .orElseThrow();
        assertEquals(Representation.INDEXED, cookieLine.representation());
        assertEquals(Redaction.filler(cookie.length()), cookieLine.value());
    }

    @Test
    void aBlockLeftOpenWhenTheConnectionClosesHasEveryLiteralValueFilledAndKeepsItsPlace() {
        byte[] fragment = new HpackWriter(new HpackOutput()).encodeIndexed(2)
                .encodeLiteral(4, "/path", Representation.LITERAL_NOT_INDEXED, false)
                .encodeLiteral("x-token", "s3cret", Representation.LITERAL_NOT_INDEXED, false).output().toByteArray();
        HeadersFrame headers = HeadersFrame.of(1, fragment, true, false);
        FrameEvent open = new FrameEvent(5, 0, Direction.INBOUND, FrameHeader.of(headers), headers, List.of(), 0, 0,
                0, 0, StreamState.OPEN);
        JsonlTraceTest.Collect out = new JsonlTraceTest.Collect(true); // with HPACK detail, as the proxy and the inspector
        TraceSink sink = RedactingSink.wrap(out, Redaction.DEFAULT, 0);
        sink.onEvent(ConnectionOpened.of(5, 0, Role.SERVER));
        sink.onEvent(open);
        assertEquals(1, out.events.size(), "the block's frames wait for its end");
        ConnectionClosed closed = new ConnectionClosed(5, 1, null, ConnectionClosed.Cause.TRANSPORT_CLOSED, -1, -1, "",
                null, 0, 0, 0, 1);
        sink.onEvent(closed);
        assertEquals(3, out.events.size());
        assertEquals(closed, out.events.get(2));
        byte[] filled = ((HeadersFrame) ((FrameEvent) out.events.get(1)).frame()).fragment();
        byte[] expected = new HpackWriter(new HpackOutput()).encodeIndexed(2)
                .encodeLiteral(4, "*****", Representation.LITERAL_NOT_INDEXED, false)
                .encodeLiteral("x-token", "******", Representation.LITERAL_NOT_INDEXED, false).output().toByteArray();
        assertArrayEquals(expected, filled, "a block never ended: its fields are not known, every value is filled");
    }

    @Test
    void dataIsKeptUpToTheCapOfEachStream() {
        JsonlTraceTest.Collect out = new JsonlTraceTest.Collect(true); // with HPACK detail, as the proxy and the inspector
        TraceSink sink = RedactingSink.wrap(out, Redaction.DEFAULT, 20_000);
        TracedExchange.run(sink, sink);
        for (long conn : new long[] {1, 2}) {
            int kept = 0;
            int omitted = 0;
            for (TraceEvent e : out.events) {
                if (e.connectionId() == conn && e instanceof FrameEvent f && f.frame() instanceof DataFrame d) {
                    kept += d.data().length;
                    omitted += f.dataOmitted();
                }
            }
            assertEquals(20_000, kept, "conn " + conn);
            assertEquals(TracedExchange.BODY_LENGTH - 20_000, omitted, "conn " + conn);
        }
    }

    @Test
    void aFrameWithNothingToHideGoesOnAsTheSameEvent() {
        JsonlTraceTest.Collect out = new JsonlTraceTest.Collect(true);
        TraceSink sink = RedactingSink.wrap(out, Redaction.DEFAULT, TracePrivacy.ALL_DATA);
        DataFrame data = new DataFrame(1, 0, new byte[] {1, 2, 3}, -1);
        FrameEvent dataEvent = new FrameEvent(5, 0, Direction.OUTBOUND, FrameHeader.of(data), data, List.of(), 0, 0,
                0, 0, StreamState.OPEN);
        byte[] fragment = new HpackWriter(new HpackOutput()).encodeIndexed(8).output().toByteArray(); // :status: 200
        HeadersFrame headers = HeadersFrame.of(1, fragment, false, true);
        FrameEvent headersEvent = new FrameEvent(5, 1, Direction.OUTBOUND, FrameHeader.of(headers), headers,
                List.of(new HeaderField(":status", "200")), 0, 0, 0, 0, StreamState.OPEN);
        sink.onEvent(dataEvent);
        sink.onEvent(headersEvent);
        assertTrue(out.events.get(0) == dataEvent, "DATA kept whole: not copied");
        assertTrue(out.events.get(1) == headersEvent, "a block that hides nothing: not copied");
    }

    @Test
    void tracingOffStaysOff() {
        assertTrue(RedactingSink.wrap(TraceSink.NONE, Redaction.DEFAULT, 0) == TraceSink.NONE);
    }

    private static String value(List<HeaderField> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow().value();
    }
}
