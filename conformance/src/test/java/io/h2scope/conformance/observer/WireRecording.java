package io.h2scope.conformance.observer;

import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.WireTap;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.TraceEvent;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A trace sink that also taps the bytes (its {@link #wireTap()} is itself): per connection, every event the engine
 * published and every chunk it read or wrote, each chunk marked with how many events came before it. The HTTP/1.1
 * heads of an {@code Upgrade: h2c} start, which the engine reads and writes before its HTTP/2 side (and the tap)
 * begins, come from their events ({@link Http1Head}) as the octets of the head. Called
 * on the connections' threads; read once they are closed.
 */
final class WireRecording implements TraceSink, WireTap {

    /** One read ({@code received}) or write, in the order the connection did it. */
    record Chunk(boolean received, byte[] bytes, int eventsBefore) {
    }

    /** What one connection left. */
    static final class Connection {
        final long id;
        final List<TraceEvent> events = new ArrayList<>();
        final List<Chunk> chunks = new ArrayList<>();
        boolean closed;

        Connection(long id) {
            this.id = id;
        }
    }

    private final Map<Long, Connection> connections = new TreeMap<>();

    @Override
    public synchronized void onEvent(TraceEvent event) {
        Connection c = connection(event.connectionId());
        if (event instanceof Http1Head h) { // read or written before the tap began: its octets, as a chunk
            byte[] octets = (h.head().replace("\n", "\r\n") + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
            chunk(h.connectionId(), !h.sent(), ByteBuffer.wrap(octets));
        }
        c.events.add(event);
        if (event instanceof ConnectionClosed) {
            c.closed = true;
            notifyAll();
        }
    }

    @Override
    public WireTap wireTap() {
        return this;
    }

    @Override
    public synchronized void received(long connectionId, ByteBuffer bytes) {
        chunk(connectionId, true, bytes);
    }

    @Override
    public synchronized void sent(long connectionId, ByteBuffer bytes) {
        chunk(connectionId, false, bytes);
    }

    /** Every connection recorded so far, closed or not (one that never reached HTTP/2 has no closed event). */
    synchronized List<Connection> all() {
        return List.copyOf(connections.values());
    }

    private void chunk(long connectionId, boolean received, ByteBuffer bytes) {
        Connection c = connection(connectionId);
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        c.chunks.add(new Chunk(received, copy, c.events.size()));
    }

    private Connection connection(long id) {
        return connections.computeIfAbsent(id, Connection::new);
    }

    /** The connections recorded, once each is closed (at most {@code timeout} in all). */
    synchronized List<Connection> closed(int expected, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (connections.size() < expected || !connections.values().stream().allMatch(c -> c.closed)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(expected + " closed connection(s) expected within " + timeout + "; recorded: "
                        + connections.values().stream().map(c -> c.id + (c.closed ? " closed" : " open")).toList());
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return List.copyOf(connections.values());
    }
}
