package io.h2scope.engine.transport;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import javax.net.ssl.SSLSession;

/**
 * A plaintext TCP connection on one {@link NioEventLoop}. A server's connection is confined to the loop
 * thread; context methods called from elsewhere are queued to it. A client's connection is guarded by a
 * lock instead, which the loop holds whenever it works on the connection (ready keys, tasks, timers):
 * a thread that takes it while the loop is elsewhere may work here itself ({@link #runExclusively}), and
 * calls from threads without it are queued to the loop.
 *
 * <p>Output is a queue of buffers written with gathering writes. OP_WRITE is set only while the socket
 * refused part of the output, and {@link ConnectionHandler#onWritable()} follows when it has drained.
 */
final class NioConnection implements ConnectionContext, SelectionHandler {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");
    private static final int MAX_READS_PER_WAKEUP = 16; // fairness between connections of one loop
    private static final int GATHER = 16;

    private final NioEventLoop loop;
    private final SocketChannel channel;
    private final ConnectionHandler handler;
    private final String remote;
    private final SocketAddress localAddress;
    private final SocketAddress remoteAddress;
    private final ArrayDeque<ByteBuffer> output = new ArrayDeque<>();
    private final ByteBuffer[] gather = new ByteBuffer[GATHER];
    private final Consumer<NioConnection> onClosed;
    private SelectionKey key;
    private volatile long pendingBytes;
    private boolean writeBlocked;
    private boolean outputShutdownRequested;
    private boolean outputShut;
    private boolean closing;
    private boolean closed;
    private Cancellable closeTimer;
    /**
     * Null: the connection is confined to the loop thread (servers). Otherwise (clients) the loop holds it
     * while it works on this connection, and another thread may take it to work here when the loop is not
     * ({@link #runExclusively}): a caller then writes its request itself instead of waking the loop.
     */
    private final ReentrantLock exclusive;
    /** What {@link #afterRelease} deferred, run by the holder once it unlocks; guarded by {@link #exclusive}. */
    private ArrayDeque<Runnable> afterRelease;

    NioConnection(NioEventLoop loop, SocketChannel channel, ConnectionHandler handler,
                  Consumer<NioConnection> onClosed) {
        this(loop, channel, handler, onClosed, false);
    }

    NioConnection(NioEventLoop loop, SocketChannel channel, ConnectionHandler handler,
                  Consumer<NioConnection> onClosed, boolean callersMayRunHere) {
        this.exclusive = callersMayRunHere ? new ReentrantLock() : null;
        this.loop = loop;
        this.channel = channel;
        this.handler = handler;
        this.onClosed = onClosed;
        this.remote = describeRemote(channel);
        this.localAddress = addressOf(channel, true);
        this.remoteAddress = addressOf(channel, false);
    }

    /** Registers for reads and calls onOpen; runs on the loop thread. */
    void start() {
        start(null);
    }

    /** As {@link #start()}, reusing the key of a completed connect when there is one. */
    void start(SelectionKey existing) {
        if (exclusive == null) {
            open(existing);
        } else {
            runHolding(() -> open(existing));
        }
    }

    private void open(SelectionKey existing) {
        try {
            if (existing != null) {
                existing.attach(this);
                existing.interestOps(SelectionKey.OP_READ);
                key = existing;
            } else {
                key = loop.register(channel, SelectionKey.OP_READ, this);
            }
        } catch (IOException | RuntimeException e) {
            closeQuietly();
            onClosed.accept(this);
            return;
        }
        if (guard(() -> handler.onOpen(this))) {
            flush();
        }
    }

    /** Whether this thread may touch the connection's state now: the loop's, or the holder of {@link #exclusive}. */
    private boolean owned() {
        return exclusive == null ? loop.inEventLoop() : exclusive.isHeldByCurrentThread();
    }

    @Override
    public boolean runExclusively(java.util.function.BooleanSupplier task) {
        if (exclusive == null || !exclusive.tryLock()) { // reentrant: the holder (the loop at work here) may nest
            return false;
        }
        boolean ran = false;
        try {
            if (!closed && !closing) {
                ran = task.getAsBoolean();
            }
        } finally {
            release();
        }
        return ran;
    }

    @Override
    public void afterRelease(Runnable task) {
        if (exclusive == null || !exclusive.isHeldByCurrentThread()) {
            task.run();
            return;
        }
        if (afterRelease == null) {
            afterRelease = new ArrayDeque<>(2);
        }
        afterRelease.add(task);
    }

    /** Unlocks; when that was the outermost hold, runs what {@link #afterRelease} deferred, outside the lock. */
    private void release() {
        ArrayDeque<Runnable> deferred = null;
        if (exclusive.getHoldCount() == 1 && afterRelease != null && !afterRelease.isEmpty()) {
            deferred = afterRelease;
            afterRelease = null;
        }
        exclusive.unlock();
        if (deferred != null) {
            for (Runnable r : deferred) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "deferred task failed on " + remote, e);
                }
            }
        }
    }

    @Override
    public void onSelected(SelectionKey selected) {
        if (exclusive == null) {
            handleReady(selected);
            return;
        }
        exclusive.lock(); // a caller thread may be writing: held for a few microseconds at most
        try {
            handleReady(selected);
        } finally {
            release();
        }
    }

    private void handleReady(SelectionKey selected) {
        if (selected.isWritable()) {
            flushNow();
        }
        if (!closed && selected.isValid() && selected.isReadable()) {
            read();
        }
    }

    @Override
    public void abortOnShutdown() {
        if (exclusive == null) {
            closeNow(null);
        } else {
            runHolding(() -> closeNow(null));
        }
    }

    private void read() {
        ByteBuffer buffer = loop.readBuffer();
        for (int i = 0; i < MAX_READS_PER_WAKEUP && !closed; i++) {
            buffer.clear();
            int n;
            try {
                n = channel.read(buffer);
            } catch (IOException e) {
                closeNow(e);
                return;
            }
            if (n < 0) {
                inputEnded();
                return;
            }
            if (n == 0) {
                return;
            }
            boolean drained = buffer.hasRemaining(); // a short read emptied the socket's receive queue
            buffer.flip();
            if (!guard(() -> handler.onRead(buffer)) || drained) {
                // reading again would most likely return 0 (one wasted syscall per request/response ping-pong);
                // level-triggered readiness brings us back if more arrived meanwhile
                return;
            }
        }
    }

    private void inputEnded() {
        key.interestOps(key.interestOps() & ~SelectionKey.OP_READ);
        boolean[] keepOpen = new boolean[1];
        if (guard(() -> keepOpen[0] = handler.onInputClosed()) && !keepOpen[0]) {
            close();
        }
    }

    @Override
    public void write(ByteBuffer bytes) {
        if (!owned()) {
            execute(() -> write(bytes));
            return;
        }
        if (closed || closing || outputShutdownRequested || !bytes.hasRemaining()) {
            return;
        }
        output.add(bytes);
        pendingBytes += bytes.remaining();
        long limit = loop.config().maxPendingWriteBytes();
        if (pendingBytes > limit) {
            closeNow(new PendingWriteLimitException(pendingBytes, limit));
        }
    }

    /** Straight to the socket when nothing is queued before it (a direct buffer is not copied by the JDK either). */
    @Override
    public void writeCopy(ByteBuffer bytes) {
        if (!owned() || closed || closing || outputShutdownRequested || writeBlocked || !output.isEmpty()) {
            ConnectionContext.super.writeCopy(bytes);
            return;
        }
        try {
            channel.write(bytes);
        } catch (IOException e) {
            closeNow(e);
            return;
        }
        if (bytes.hasRemaining()) {
            ConnectionContext.super.writeCopy(bytes); // the socket is full: queue the rest, wait for OP_WRITE
        }
    }

    @Override
    public void flush() {
        if (!owned()) {
            execute(this::flush);
            return;
        }
        if (!closed && !writeBlocked) {
            flushNow();
        }
    }

    private void flushNow() {
        if (closed) {
            return;
        }
        boolean wasBlocked = writeBlocked;
        try {
            while (!output.isEmpty()) {
                int count = 0;
                for (ByteBuffer b : output) {
                    gather[count++] = b;
                    if (count == GATHER) {
                        break;
                    }
                }
                long written = channel.write(gather, 0, count);
                pendingBytes -= written;
                while (!output.isEmpty() && !output.peek().hasRemaining()) {
                    output.poll();
                }
                if (written == 0) {
                    break;
                }
            }
        } catch (IOException e) {
            closeNow(e);
            return;
        } finally {
            java.util.Arrays.fill(gather, null);
        }
        writeBlocked = !output.isEmpty();
        setInterest(SelectionKey.OP_WRITE, writeBlocked);
        if (writeBlocked) {
            return;
        }
        afterDrained(wasBlocked);
    }

    private void afterDrained(boolean wasBlocked) {
        if (closing) {
            closeNow(null);
            return;
        }
        if (outputShutdownRequested && !outputShut) {
            outputShut = true;
            try {
                channel.shutdownOutput();
            } catch (IOException e) {
                closeNow(e);
                return;
            }
        }
        if (wasBlocked) {
            guard(handler::onWritable);
        }
    }

    @Override
    public void close() {
        if (!owned()) {
            execute(this::close);
            return;
        }
        if (closed || closing) {
            return;
        }
        closing = true;
        if (output.isEmpty()) {
            closeNow(null);
            return;
        }
        long timeout = loop.config().closeFlushTimeout().toNanos();
        closeTimer = loop.schedule(this::abort, timeout, TimeUnit.NANOSECONDS);
        if (!writeBlocked) {
            flushNow();
        }
    }

    @Override
    public void abort() {
        if (!owned()) {
            execute(this::abort);
            return;
        }
        closeNow(null);
    }

    @Override
    public void shutdownOutput() {
        if (!owned()) {
            execute(this::shutdownOutput);
            return;
        }
        if (closed || outputShutdownRequested) {
            return;
        }
        outputShutdownRequested = true;
        if (!writeBlocked) {
            flushNow();
        }
    }

    @Override
    public Optional<String> alpnProtocol() {
        return Optional.empty();
    }

    @Override
    public Optional<SSLSession> sslSession() {
        return Optional.empty();
    }

    @Override
    public String remote() {
        return remote;
    }

    @Override
    public Optional<SocketAddress> localAddress() {
        return Optional.ofNullable(localAddress);
    }

    @Override
    public Optional<SocketAddress> remoteAddress() {
        return Optional.ofNullable(remoteAddress);
    }

    private static SocketAddress addressOf(SocketChannel channel, boolean local) {
        try {
            return local ? channel.getLocalAddress() : channel.getRemoteAddress();
        } catch (IOException | RuntimeException e) {
            return null; // already closed: the trace shows no address
        }
    }

    @Override
    public boolean isTls() {
        return false;
    }

    @Override
    public void execute(Runnable task) {
        loop.execute(exclusive == null ? task : () -> runHolding(task));
    }

    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        return loop.schedule(exclusive == null ? task : () -> runHolding(task), delay, unit);
    }

    private void runHolding(Runnable task) {
        exclusive.lock();
        try {
            task.run();
        } finally {
            release();
        }
    }

    @Override
    public long pendingWriteBytes() {
        return pendingBytes;
    }

    /** Closes the socket now and reports {@code cause} (null: orderly) to the handler, once. */
    private void closeNow(Throwable cause) {
        if (closed) {
            return;
        }
        closed = true;
        if (closeTimer != null) {
            closeTimer.cancel();
        }
        output.clear();
        pendingBytes = 0;
        closeQuietly();
        onClosed.accept(this);
        try {
            handler.onClose(cause);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "onClose failed for " + remote, e);
        }
    }

    private void closeQuietly() {
        if (key != null) {
            key.cancel();
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "close " + remote + ": " + e);
        }
    }

    private void setInterest(int op, boolean on) {
        if (key.isValid()) {
            int ops = key.interestOps();
            int wanted = on ? ops | op : ops & ~op;
            if (wanted != ops) {
                key.interestOps(wanted);
                if (!loop.inEventLoop()) {
                    loop.execute(() -> { }); // wakes the selector, which applies the change on its next select
                }
            }
        }
    }

    /** Runs a handler callback; a throwing handler closes the connection with its exception. */
    private boolean guard(Runnable callback) {
        try {
            callback.run();
            return !closed;
        } catch (RuntimeException e) {
            closeNow(e);
            return false;
        }
    }

    private static String describeRemote(SocketChannel channel) {
        try {
            return String.valueOf(channel.getRemoteAddress()).replaceFirst("^[^/]*/", "");
        } catch (IOException e) {
            return "?";
        }
    }

    @Override
    public String toString() {
        return "NioConnection[" + remote + "]";
    }
}
