package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.RecordedExchange;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The detail tree's octet ranges, checked against the frame's wire bytes, and its words for codes and errors. */
class FrameDetailTest {

    private static Recording recording;
    private static int exchangeFrames;

    @BeforeAll
    static void record() throws Exception {
        List<TraceEvent> exchange = RecordedExchange.clientEvents(1_000);
        exchangeFrames = (int) exchange.stream().filter(e -> e instanceof FrameEvent).count();
        recording = new Recording();
        recording.append(recording.addSource("exchange"), exchange);
        recording.append(recording.addSource("broken"), BrokenExchange.events());
    }

    private static int firstFrame(java.util.function.Predicate<FrameEvent> which) {
        for (int f = 0; f < recording.frameCount(); f++) {
            if (which.test(recording.frame(f))) {
                return f;
            }
        }
        throw new AssertionError("no such frame");
    }

    private static int octets(byte[] wire, DetailNode node) {
        int value = 0;
        for (int i = node.from(); i < node.to(); i++) {
            value = value << 8 | wire[i] & 0xff;
        }
        return value;
    }

    @Test
    void headerFieldsPointAtTheirOctets() {
        int f = firstFrame(e -> e.frame() instanceof SettingsFrame s && !s.settings().isEmpty());
        FrameEvent event = recording.frame(f);
        byte[] wire = WireBytes.of(event);
        DetailNode tree = FrameDetail.of(recording, f);
        assertEquals(9 + event.header().length(), wire.length);
        assertEquals(event.header().length(), octets(wire, tree.find("Length")));
        assertEquals(4, octets(wire, tree.find("Type")));
        assertEquals(0, octets(wire, tree.find("Stream Identifier")));
        // every setting: 2 octets of identifier, 4 of value, one after the other from octet 9
        DetailNode payload = tree.find("Payload");
        SettingsFrame settings = (SettingsFrame) event.frame();
        assertEquals(settings.settings().size(), payload.children().size());
        for (int i = 0; i < settings.settings().size(); i++) {
            DetailNode setting = payload.children().get(i);
            assertEquals(9 + 6 * i, setting.from());
            assertEquals(settings.settings().get(i).id(), octets(wire, setting.children().get(0)));
            assertEquals(settings.settings().get(i).value(), octets(wire, setting.children().get(1)) & 0xffffffffL);
        }
    }

    @Test
    void aFieldBlockLineCoversItsOwnOctetsOfTheFragment() {
        int f = firstFrame(e -> e.frame() instanceof HeadersFrame && e.direction() == Direction.OUTBOUND
                && e.hpack() != null);
        FrameEvent event = recording.frame(f);
        byte[] wire = WireBytes.of(event);
        DetailNode tree = FrameDetail.of(recording, f);
        DetailNode fragment = tree.find("Field Block Fragment");
        DetailNode block = tree.find("Field Block");
        assertNotNull(block, "the engine recorded HPACK detail");
        List<HpackBlock.Line> lines = event.hpack().lines();
        assertEquals(lines.size(), block.children().size());
        // with no size update the lines tile the fragment: each starts where the one before ended
        int at = fragment.from();
        for (int i = 0; i < lines.size(); i++) {
            DetailNode line = block.children().get(i);
            assertEquals(at, line.from(), line.text());
            at = line.to();
            if (lines.get(i).representation() == Representation.INDEXED
                    && lines.get(i).tableIndex() < 127) {
                // RFC 7541 §6.1: one octet, the high bit and the index
                assertEquals(1, line.to() - line.from());
                assertEquals(0x80 | lines.get(i).tableIndex(), wire[line.from()] & 0xff);
            }
        }
        assertEquals(fragment.to(), at);
        DetailNode method = tree.find(":method");
        assertEquals("indexed (RFC 7541 §6.1)", method.find("Representation").value());
        assertEquals("2 (static table, field)", method.find("Index").value(), ":method GET is static entry 2");
    }

    @Test
    void codesAndTheErrorsBeforeAFrameAreExplained() {
        int rst = exchangeFrames; // the broken source's first frame
        DetailNode reset = FrameDetail.of(recording, rst);
        DetailNode code = reset.find("Error Code");
        byte[] wire = WireBytes.of(recording.frame(rst));
        assertEquals(0x5, octets(wire, code));
        assertEquals("STREAM_CLOSED (0x5)", code.value());
        assertEquals("RFC 9113 §7", code.children().get(0).name());
        assertTrue(code.children().get(0).value().startsWith("The endpoint received a frame after a stream"));
        assertEquals("rfc9113/5.1/stream_closed", reset.find("Error raised").value());

        DetailNode goaway = FrameDetail.of(recording, rst + 2);
        assertEquals(3, octets(WireBytes.of(recording.frame(rst + 2)), goaway.find("Last-Stream-ID")));
        assertEquals("PROTOCOL_ERROR (0x1)", goaway.find("Error Code").value());
        DetailNode before = goaway.find("Before this frame");
        assertEquals(List.of("Violation received", "Error raised"), names(before.children()));
        DetailNode violation = before.children().get(0);
        assertEquals("RFC 9113 §6.9", violation.find("Section").value());
        assertTrue(violation.find("Scope").value().startsWith("connection error"));
        assertEquals("PROTOCOL_ERROR (0x1)", violation.find("Code").value());
        assertTrue(goaway.find("Additional Debug Data").value().contains(BrokenExchange.DEBUG));
        assertEquals(null, FrameDetail.of(recording, rst + 1).find("Before this frame"),
                "nothing went wrong between the RST_STREAM and the WINDOW_UPDATE");
    }

    private static List<String> names(List<DetailNode> nodes) {
        List<String> out = new ArrayList<>();
        nodes.forEach(n -> out.add(n.name()));
        return out;
    }

    @Test
    void aBlockSpreadOverContinuationPointsIntoTheFrameThatHoldsEachOctet() {
        // HEADERS carries 82 86 84 41, CONTINUATION 01 61: the :authority line (41 01 61) starts in one and
        // ends in the other
        HeadersFrame first = HeadersFrame.of(1, new byte[] {(byte) 0x82, (byte) 0x86, (byte) 0x84, 0x41}, true, false);
        ContinuationFrame last = ContinuationFrame.of(1, new byte[] {0x01, 0x61}, true);
        PingFrame ping = PingFrame.of(1);
        HpackBlock block = new HpackBlock(List.of(), List.of(
                new HpackBlock.Line(":method", "GET", Representation.INDEXED, false, false, 2, 0, 1),
                new HpackBlock.Line(":scheme", "http", Representation.INDEXED, false, false, 6, 1, 1),
                new HpackBlock.Line(":path", "/", Representation.INDEXED, false, false, 4, 2, 1),
                new HpackBlock.Line(":authority", "a", Representation.LITERAL_INDEXED, false, false, 1, 3, 3)),
                List.of(new HeaderField(":authority", "a")), 43, 4096);
        List<HeaderField> fields = List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":path", "/"), new HeaderField(":authority", "a"));
        Recording split = new Recording();
        split.append(split.addSource("split"), List.of(
                new FrameEvent(9, 1, Direction.OUTBOUND, FrameHeader.of(first), first, List.of(), 1, 1, 1, 1, null),
                // the other direction may interleave (RFC 9113 §6.10 forbids it only on the sending side)
                new FrameEvent(9, 2, Direction.INBOUND, FrameHeader.of(ping), ping, List.of(), 1, 1, -1, -1, null),
                new FrameEvent(9, 3, Direction.OUTBOUND, FrameHeader.of(last), last, fields, 1, 1, 1, 1, null, block)));
        DetailNode tree = FrameDetail.of(split, 2);
        DetailNode lines = tree.find("Field Block");
        assertEquals(4, lines.children().size());
        for (int i = 0; i < 3; i++) {
            assertEquals(false, lines.children().get(i).hasOctets(), "all in the HEADERS frame: " + i);
        }
        DetailNode authority = tree.find(":authority");
        assertEquals(9, authority.from());
        assertEquals(11, authority.to());
        byte[] wire = WireBytes.of(split.frame(2));
        assertEquals(0x01, wire[authority.from()]);
        assertEquals(0x61, wire[authority.to() - 1]);
        assertEquals("1 (static table, name)", authority.find("Index").value());
    }

    @Test
    void aPaddedFrameShowsItsPaddingOctetsAsTheyCame() {
        DataFrame data = DataFrame.padded(1, new byte[] {'h', 'i'}, false, 3);
        FrameEvent event = new FrameEvent(9, 0, Direction.INBOUND, FrameHeader.of(data), data, List.of(), 1, 1, 1, 1,
                StreamState.OPEN, null, new byte[] {1, 2, 3});
        Recording padded = new Recording();
        padded.append(padded.addSource("padded"), List.of(event));
        byte[] wire = WireBytes.of(padded.frame(0));
        DetailNode padding = FrameDetail.of(padded, 0).find("Padding");
        assertEquals(0x010203, octets(wire, padding), "the bytes pane shows the octets the peer sent, not zeros");
        assertTrue(padding.value().contains("not all zero (RFC 9113 §6.1"), padding.value());
    }
}
