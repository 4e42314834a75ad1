package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InMemoryTransportTest {

    @Test
    void echoDeliversFlushedBytesOnly() {
        RecordingHandler client = new RecordingHandler();
        InMemoryTransport pipe = InMemoryTransport.pair(client, RecordingHandler.echo()).open();
        pipe.client().write(ascii("ping"));
        pipe.runUntilIdle();
        assertEquals("", client.text(), "nothing moves before flush");
        pipe.client().flush();
        pipe.runUntilIdle();
        assertEquals("ping", client.text());
    }

    @Test
    void chunksOfOneByteReachTheHandlerOneAtATime() {
        List<Integer> sizes = new ArrayList<>();
        RecordingHandler server = new RecordingHandler((ctx, bytes) -> sizes.add(bytes.length));
        InMemoryTransport pipe = InMemoryTransport.pair(new RecordingHandler(), server,
                new InMemoryTransport.Options(false, null, 1)).open();
        pipe.client().write(ascii("abc"));
        pipe.client().flush();
        pipe.runUntilIdle();
        assertEquals(List.of(1, 1, 1), sizes);
        assertEquals("abc", server.text());
    }

    @Test
    void aPeerThatDoesNotReadShowsAsPendingBytesUntilItReads() {
        RecordingHandler client = new RecordingHandler();
        RecordingHandler server = new RecordingHandler();
        InMemoryTransport pipe = InMemoryTransport.pair(client, server).open();
        pipe.client().setReading(false);
        pipe.server().write(ByteBuffer.allocate(1000));
        pipe.server().flush();
        pipe.runUntilIdle();
        assertEquals(1000, pipe.server().pendingWriteBytes());
        pipe.client().setReading(true);
        pipe.runUntilIdle();
        assertEquals(0, pipe.server().pendingWriteBytes());
        assertEquals(1, server.writableCalls, "onWritable once the queue drained");
    }

    @Test
    void timersRunOnTheVirtualClockInOrder() {
        RecordingHandler client = new RecordingHandler();
        InMemoryTransport pipe = InMemoryTransport.pair(client, new RecordingHandler()).open();
        List<String> fired = new ArrayList<>();
        pipe.client().schedule(() -> fired.add("b"), 20, TimeUnit.MILLISECONDS);
        pipe.client().schedule(() -> fired.add("a"), 10, TimeUnit.MILLISECONDS);
        Cancellable c = pipe.client().schedule(() -> fired.add("never"), 15, TimeUnit.MILLISECONDS);
        assertTrue(c.cancel());
        pipe.advance(15, TimeUnit.MILLISECONDS);
        assertEquals(List.of("a"), fired);
        pipe.advance(1, TimeUnit.SECONDS);
        assertEquals(List.of("a", "b"), fired);
        assertEquals(TimeUnit.MILLISECONDS.toNanos(1015), pipe.nowNanos());
    }

    @Test
    void closeDeliversPendingBytesThenClosesBothSides() {
        RecordingHandler client = new RecordingHandler();
        RecordingHandler server = new RecordingHandler();
        InMemoryTransport pipe = InMemoryTransport.pair(client, server).open();
        pipe.client().write(ascii("last words"));
        pipe.client().close();
        pipe.runUntilIdle();
        assertEquals("last words", server.text());
        assertTrue(server.inputClosed.isDone());
        assertTrue(pipe.client().isClosed() && pipe.server().isClosed());
        assertNull(client.closed.join());
        assertNull(server.closed.join());
    }

    @Test
    void abortResetsThePeer() {
        RecordingHandler server = new RecordingHandler();
        InMemoryTransport pipe = InMemoryTransport.pair(new RecordingHandler(), server).open();
        pipe.client().abort();
        assertInstanceOf(IOException.class, server.closed.join());
    }

    @Test
    void aThrowingHandlerClosesItsSideWithTheException() {
        RecordingHandler client = new RecordingHandler();
        RecordingHandler server = new RecordingHandler((ctx, bytes) -> {
            throw new IllegalStateException("boom");
        });
        InMemoryTransport pipe = InMemoryTransport.pair(client, server).open();
        pipe.client().write(ascii("x"));
        pipe.client().flush();
        pipe.runUntilIdle();
        assertInstanceOf(IllegalStateException.class, server.closed.join());
        assertInstanceOf(IOException.class, client.closed.join());
    }

    static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }
}
