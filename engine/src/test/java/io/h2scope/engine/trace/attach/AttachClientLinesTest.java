package io.h2scope.engine.trace.attach;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A live stream that ends inside an event, or carries a line that is not one, is named by line and octet. */
class AttachClientLinesTest {

    private static final WindowChanged FIRST = new WindowChanged(3, 10, 1, WindowSide.SEND, 0, 100, WindowCause.DATA);
    private static final WindowChanged SECOND = new WindowChanged(3, 20, 1, WindowSide.SEND, 100, 50, WindowCause.DATA);

    /** The stream's octets delivered in chunks of at most 5, as a socket may. */
    private static ReadableByteChannel stream(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new ReadableByteChannel() {
            int at;

            @Override
            public int read(ByteBuffer dst) {
                if (at == bytes.length) {
                    return -1;
                }
                int n = Math.min(Math.min(5, dst.remaining()), bytes.length - at);
                dst.put(bytes, at, n);
                at += n;
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
    }

    private static String line(TraceEvent e) {
        return TraceEventJson.write(e) + "\n";
    }

    @Test
    void aStreamClosedMidEventNamesTheOffsetAndKeepsEveryEventBefore() {
        String good = line(FIRST) + "\n" + line(SECOND); // a blank line between counts as a line
        String cut = line(SECOND).substring(0, 17);
        List<TraceEvent> events = new ArrayList<>();
        AttachClient reader = new AttachClient(stream(good + cut), "t.sock");
        AttachException e = assertThrows(AttachException.class, () -> reader.read(listener(events)));
        assertEquals(List.of(FIRST, SECOND), events);
        assertEquals(4, e.line());
        assertEquals(good.getBytes(StandardCharsets.UTF_8).length, e.offset());
        assertFalse(e.refused());
        assertEquals("t.sock: line 4 (from octet " + e.offset() + "): the stream closed inside this event, after 17 "
                + "of its octets (" + (e.offset() + 17) + " octets read in all); the 2 events before it were read",
                e.getMessage());
    }

    @Test
    void aLineThatIsNotAnEventIsNamed() {
        List<TraceEvent> events = new ArrayList<>();
        String text = line(FIRST) + "{\"v\":2,\"kind\":\"window\"}\n" + line(SECOND);
        AttachException e = assertThrows(AttachException.class,
                () -> new AttachClient(stream(text), "x").read(listener(events)));
        assertEquals(List.of(FIRST), events);
        assertEquals(2, e.line());
        assertEquals(line(FIRST).length(), e.offset());
        assertTrue(e.getMessage().startsWith("x: line 2 (from octet " + line(FIRST).length() + "): "),
                e.getMessage());
    }

    @Test
    void gapsAndARefusalAreTold() throws IOException {
        List<Long> gaps = new ArrayList<>();
        List<TraceEvent> events = new ArrayList<>();
        AttachClient.Handler both = new AttachClient.Handler() {
            @Override
            public void event(TraceEvent event) {
                events.add(event);
            }

            @Override
            public void gap(long dropped) {
                gaps.add(dropped);
            }
        };
        new AttachClient(stream(line(FIRST) + "{\"v\":2,\"kind\":\"gap\",\"dropped\":12}\n" + line(SECOND)), "x")
                .read(both);
        assertEquals(List.of(FIRST, SECOND), events);
        assertEquals(List.of(12L), gaps);
        AttachException refused = assertThrows(AttachException.class, () -> new AttachClient(
                Channels.newChannel(new java.io.ByteArrayInputStream(
                        "{\"v\":2,\"kind\":\"refused\",\"detail\":\"wrong token\"}\n".getBytes())), "x").read(both));
        assertTrue(refused.refused());
        assertEquals("the engine refused the attach: wrong token", refused.detail());
    }

    private static AttachClient.Handler listener(List<TraceEvent> events) {
        return new AttachClient.Handler() {
            @Override
            public void event(TraceEvent event) {
                events.add(event);
            }

            @Override
            public void gap(long dropped) {
                throw new AssertionError("no gap expected");
            }
        };
    }
}
