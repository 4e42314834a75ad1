package io.h2scope.engine.trace;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.FrameOctets;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A padded frame's padding octets, as the peer sent them, are kept by its event and by the JSONL recording. */
class PaddingTraceTest {

    /** DATA on stream 1, PADDED: Pad Length 3, "hi", padding 01 02 03 (RFC 9113 §6.1 lets a receiver accept these). */
    private static final byte[] PADDED_DATA = {0, 0, 6, (byte) FrameType.DATA.code(), (byte) Flags.PADDED, 0, 0, 0, 1,
        3, 'h', 'i', 1, 2, 3};

    private static FrameEvent receivedData(List<TraceEvent> events) {
        return events.stream().filter(e -> e instanceof FrameEvent f && f.direction() == Direction.INBOUND
                && f.header().typeCode() == FrameType.DATA.code()).map(FrameEvent.class::cast).findFirst().orElseThrow();
    }

    @Test
    void thePaddingOfAReceivedFrameIsInItsEventAndSurvivesTheRecording() throws Exception {
        List<TraceEvent> server = new ArrayList<>();
        TracedExchange exchange = new TracedExchange(TraceSink.NONE, server::add);
        exchange.pump();
        exchange.client.openStream(TracedExchange.REQUEST, false);
        exchange.pump();
        exchange.server.receive(ByteBuffer.wrap(PADDED_DATA), 1_000_000);

        FrameEvent data = receivedData(server);
        assertArrayEquals(new byte[] {1, 2, 3}, data.padding());
        assertArrayEquals(PADDED_DATA, FrameOctets.wire(data), "the octets as they came, padding included");

        String line = TraceEventJson.write(data);
        TraceEvent read = JsonlLineDecoder.decode(line, 1);
        assertEquals(data, read);
        assertArrayEquals(new byte[] {1, 2, 3}, ((FrameEvent) read).padding());
        assertArrayEquals(PADDED_DATA, FrameOctets.wire((FrameEvent) read));
    }

    @Test
    void zeroPaddingAndNoPaddingAreBothNull() throws Exception {
        byte[] zeros = PADDED_DATA.clone();
        zeros[12] = 0;
        zeros[13] = 0;
        zeros[14] = 0;
        List<TraceEvent> server = new ArrayList<>();
        TracedExchange exchange = new TracedExchange(TraceSink.NONE, server::add);
        exchange.pump();
        exchange.client.openStream(TracedExchange.REQUEST, false);
        exchange.pump();
        exchange.server.receive(ByteBuffer.wrap(zeros), 1_000_000);
        FrameEvent data = receivedData(server);
        assertNull(data.padding(), "zeros are what the writer writes");
        assertArrayEquals(zeros, FrameOctets.wire(data));
        server.stream().filter(e -> e instanceof FrameEvent f && (f.header().flags() & Flags.PADDED) == 0)
                .forEach(e -> assertNull(((FrameEvent) e).padding(), e.toString()));
    }
}
