package io.h2scope.engine.proxy;

import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;

import java.nio.ByteBuffer;
import java.time.Instant;

/** One side of the pair: what it read goes to the other side, what the other read is written here. */
abstract class Leg implements ConnectionHandler {
    final ProxiedPair pair;
    final String peer;
    volatile ConnectionContext ctx;
    ObserverFeed observer;
    boolean inputDone;
    boolean outputShut;
    volatile boolean closed;
    /** Set when the proxy ends this leg itself: the closed event's reason. */
    String endReason;

    Leg(ProxiedPair pair, String peer) {
        this.pair = pair;
        this.peer = peer;
    }

    abstract Leg other();

    /** The flow of bytes this leg reads. */
    abstract RelayFlow outgoing();

    /** The flow of bytes written to this leg. */
    abstract RelayFlow incoming();

    /** Whether what this leg reads is the client's (the client leg) rather than the upstream server's. */
    abstract boolean readsClientBytes();

    void recordRead(ByteBuffer bytes) {
        if (observer != null) {
            observer.bytes(bytes, readsClientBytes());
        }
    }

    void recordWritten(ByteBuffer bytes) {
        if (observer != null) {
            observer.bytes(bytes, !readsClientBytes());
        }
    }

    void open(ConnectionContext context, Role role, long id, long pairId) {
        ctx = context;
        if (pair.config.sink() == TraceSink.NONE) {
            return; // nothing records: no decoding either, the bytes only pass
        }
        long start = System.nanoTime();
        ConnectionOpened opened = pair.opened(id, role, context, pairId, Instant.now()); // the clock of time 0
        TraceSink sink = pair.config.sink();
        observer = new ObserverFeed(() -> new Http2Observer(opened, sink, start), sink, pair.proxy.decoders(),
                pair.config.limits().observerBacklogBytes());
    }

    /** Records and relays bytes read here. */
    void relayRead(ByteBuffer in) {
        ByteBuffer copy = copyOf(in);
        recordRead(copy);
        forward(copy);
    }

    void forward(ByteBuffer copy) {
        int n = copy.remaining();
        outgoing().read(n);
        other().deliver(copy, n);
        outgoing().afterRead();
    }

    /** From the other leg's thread: write {@code bytes} here, on this leg's thread. */
    void deliver(ByteBuffer bytes, int n) {
        ctx.execute(() -> writeOut(bytes, n));
    }

    void writeOut(ByteBuffer bytes, int n) {
        if (!closed) {
            recordWritten(bytes);
            ctx.write(bytes);
            ctx.flush();
        }
        incoming().drained(n);
    }

    @Override
    public void onWritable() {
        incoming().maybeResume();
    }

    @Override
    public boolean onInputClosed() {
        inputDone = true;
        other().deliverEnd();
        return !outputShut; // both directions done: let the transport close it
    }

    /** From the other leg's thread: its peer sent FIN, so this leg's output ends after what was relayed. */
    void deliverEnd() {
        ctx.execute(this::endOutput);
    }

    void endOutput() {
        if (closed) {
            return;
        }
        outputShut = true;
        if (inputDone) {
            ctx.close();
        } else {
            ctx.shutdownOutput();
        }
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        closed = true;
        String why = endReason != null ? endReason
                : causeOrNull != null ? "the " + peer + "'s connection failed (" + ProxiedPair.describe(causeOrNull) + ")"
                : "closed by the " + peer;
        if (observer != null) {
            observer.finish(why);
        }
        other().mirrorClose(causeOrNull, peer);
    }

    /** From the other leg's thread: it closed ({@code cause} null) or failed; do the same here. */
    void mirrorClose(Throwable cause, String otherPeer) {
        ConnectionContext c = ctx;
        c.execute(() -> {
            if (closed) {
                return;
            }
            if (cause != null) {
                endReason = "reset by the proxy: the " + otherPeer + "'s connection failed (" + ProxiedPair.describe(cause) + ")";
                c.reset();
            } else {
                if (endReason == null) {
                    endReason = "closed by the proxy after the " + otherPeer + " closed";
                }
                c.close();
            }
        });
    }

    static ByteBuffer copyOf(ByteBuffer in) {
        ByteBuffer copy = ByteBuffer.allocate(in.remaining());
        copy.put(in).flip();
        return copy;
    }
}
