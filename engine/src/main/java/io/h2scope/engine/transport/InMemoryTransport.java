package io.h2scope.engine.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;

/**
 * Two {@link ConnectionHandler}s joined without sockets, threads or a real clock, for tests of the
 * layers above the transport. Deterministic: nothing moves until the test calls {@link #runUntilIdle()}
 * or {@link #advance}; bytes are delivered in flush order, in chunks of at most
 * {@link Options#maxChunkBytes()} (1 exercises every parser one byte at a time); tasks and timers run on a
 * {@link ManualLoop} (a virtual clock). Drive it from the thread that made it; the handlers' callbacks run there.
 */
public final class InMemoryTransport {

    /** Upper bound of delivery rounds per {@link #runUntilIdle()}: a handler that never settles fails loudly. */
    public static final int MAX_ROUNDS = 1_000_000;

    /**
     * @param tls           what {@link ConnectionContext#isTls()} reports on both sides
     * @param alpnProtocol  what {@link ConnectionContext#alpnProtocol()} reports, or null for none
     * @param maxChunkBytes the largest piece one {@code onRead} receives
     */
    public record Options(boolean tls, String alpnProtocol, int maxChunkBytes) {
        public Options {
            if (maxChunkBytes <= 0) {
                throw new IllegalArgumentException("maxChunkBytes must be positive");
            }
        }

        public static Options defaults() {
            return new Options(false, null, 16 * 1024);
        }
    }

    private static final long CLOSE_FLUSH_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final Options options;
    private final ManualLoop loop = new ManualLoop();
    private final Endpoint client;
    private final Endpoint server;

    private InMemoryTransport(ConnectionHandler clientHandler, ConnectionHandler serverHandler, Options options) {
        this.options = Objects.requireNonNull(options, "options");
        this.client = new Endpoint("client", clientHandler);
        this.server = new Endpoint("server", serverHandler);
        client.peer = server;
        server.peer = client;
    }

    public static InMemoryTransport pair(ConnectionHandler client, ConnectionHandler server) {
        return pair(client, server, Options.defaults());
    }

    public static InMemoryTransport pair(ConnectionHandler client, ConnectionHandler server, Options options) {
        return new InMemoryTransport(Objects.requireNonNull(client), Objects.requireNonNull(server), options);
    }

    /** Calls {@code onOpen} on the client, then the server, then runs until idle. */
    public InMemoryTransport open() {
        client.open();
        server.open();
        runUntilIdle();
        return this;
    }

    public Endpoint client() {
        return client;
    }

    public Endpoint server() {
        return server;
    }

    /** The virtual clock, starting at 0. */
    public long nowNanos() {
        return loop.nowNanos();
    }

    /** The loop both sides' tasks and timers run on. */
    public ManualLoop loop() {
        return loop;
    }

    /**
     * Delivers flushed bytes and closes, and runs due timers, until nothing moves.
     *
     * @return the number of rounds that made progress
     */
    public int runUntilIdle() {
        int rounds = 0;
        boolean progress = true;
        while (progress) {
            progress = loop.runTasks() > 0 | client.pump() | server.pump() | loop.runDueTimers() > 0;
            if (progress && ++rounds > MAX_ROUNDS) {
                throw new IllegalStateException("in-memory pipe did not settle in " + MAX_ROUNDS + " rounds");
            }
        }
        return rounds;
    }

    /** Moves the virtual clock forward, firing timers in deadline order as their time comes. */
    public void advance(long delay, TimeUnit unit) {
        long target = loop.nowNanos() + unit.toNanos(delay);
        runUntilIdle();
        long next;
        while ((next = loop.nanosUntilNextTimer()) >= 0 && loop.nowNanos() + next <= target) {
            loop.moveClockTo(loop.nowNanos() + next);
            runUntilIdle();
        }
        loop.moveClockTo(target);
        runUntilIdle();
    }

    /** One side of the pipe; the extra methods let a test play a slow or vanished peer. */
    public final class Endpoint implements ConnectionContext {
        private final String name;
        private final ConnectionHandler handler;
        private final ArrayDeque<ByteBuffer> output = new ArrayDeque<>();
        private Endpoint peer;
        private long pending;
        private long deliverable;
        private boolean reading = true;
        private boolean opened;
        private boolean outputShutdownRequested;
        private boolean outputShutDelivered;
        private boolean closeRequested;
        private boolean inputEnded;
        private boolean closed;
        private Throwable closeCause;

        private Endpoint(String name, ConnectionHandler handler) {
            this.name = name;
            this.handler = handler;
        }

        /** While false, nothing is delivered to this side: the peer's pendingWriteBytes grows. */
        public void setReading(boolean on) {
            reading = on;
        }

        public boolean isClosed() {
            return closed;
        }

        /** Why this side closed: null if orderly or still open. */
        public Throwable closeCause() {
            return closeCause;
        }

        private void open() {
            opened = true;
            guard(() -> handler.onOpen(this));
        }

        /** One step of progress: deliver one chunk, or finish a half-close or close. */
        private boolean pump() {
            if (closed || !opened) {
                return false;
            }
            if (deliverable > 0 && !peer.closed && peer.reading) {
                deliverChunk();
                return true;
            }
            if (!output.isEmpty() && peer.closed) {
                output.clear(); // nobody left to read it
                pending = deliverable = 0;
            }
            if (output.isEmpty() && closeRequested) {
                finish(null);
                return true;
            }
            if (output.isEmpty() && outputShutdownRequested && !outputShutDelivered) {
                outputShutDelivered = true;
                peer.inputEnded();
                return true;
            }
            return false;
        }

        private void deliverChunk() {
            ByteBuffer head = output.peek();
            int n = (int) Math.min(Math.min(head.remaining(), options.maxChunkBytes()), deliverable);
            ByteBuffer chunk = ByteBuffer.allocate(n);
            ByteBuffer slice = head.duplicate();
            slice.limit(slice.position() + n);
            chunk.put(slice).flip();
            head.position(head.position() + n);
            if (!head.hasRemaining()) {
                output.poll();
            }
            pending -= n;
            deliverable -= n;
            peer.guard(() -> peer.handler.onRead(chunk));
            if (pending == 0 && !closed) {
                guard(handler::onWritable);
            }
        }

        private void inputEnded() {
            if (closed || inputEnded) {
                return;
            }
            inputEnded = true;
            boolean[] keep = new boolean[1];
            if (guard(() -> keep[0] = handler.onInputClosed()) && !keep[0]) {
                close();
            }
        }

        private void finish(Throwable cause) {
            if (closed) {
                return;
            }
            closed = true;
            closeCause = cause;
            output.clear();
            pending = deliverable = 0;
            if (opened) {
                try {
                    handler.onClose(cause);
                } catch (RuntimeException ignored) {
                    // closing anyway
                }
            }
            if (cause == null) {
                peer.inputEnded();
            } else {
                peer.finish(new IOException("connection reset by peer (" + name + " failed)"));
            }
        }

        private boolean guard(Runnable callback) {
            try {
                callback.run();
                return !closed;
            } catch (RuntimeException e) {
                finish(e);
                return false;
            }
        }

        @Override
        public void write(ByteBuffer bytes) {
            if (closed || closeRequested || outputShutdownRequested || !bytes.hasRemaining()) {
                return;
            }
            output.add(bytes);
            pending += bytes.remaining();
        }

        @Override
        public void flush() {
            deliverable = pending;
        }

        @Override
        public void close() {
            if (closed || closeRequested) {
                return;
            }
            flush();
            closeRequested = true;
            loop.schedule(this::abort, CLOSE_FLUSH_TIMEOUT_NANOS, TimeUnit.NANOSECONDS);
        }

        @Override
        public void abort() {
            if (!closed) {
                closed = true; // mark first so the peer's reset does not bounce back as a second onClose
                output.clear();
                pending = deliverable = 0;
                if (opened) {
                    try {
                        handler.onClose(null);
                    } catch (RuntimeException ignored) {
                        // closing anyway
                    }
                }
                peer.finish(new IOException("connection reset by peer (" + name + " aborted)"));
            }
        }

        @Override
        public void shutdownOutput() {
            flush();
            outputShutdownRequested = true;
        }

        @Override
        public Optional<String> alpnProtocol() {
            return Optional.ofNullable(options.alpnProtocol());
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return Optional.empty();
        }

        @Override
        public String remote() {
            return "in-memory:" + peer.name;
        }

        @Override
        public boolean isTls() {
            return options.tls();
        }

        /** Queued; runs at the next {@link #runUntilIdle()} (on the loop: the pipe is single-threaded). */
        @Override
        public void execute(Runnable task) {
            loop.execute(task);
        }

        @Override
        public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
            return loop.schedule(task, delay, unit);
        }

        @Override
        public long pendingWriteBytes() {
            return pending;
        }

        @Override
        public String toString() {
            return "InMemoryTransport.Endpoint[" + name + "]";
        }
    }
}
