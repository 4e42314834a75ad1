package io.h2scope.engine.transport;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLSession;

/**
 * A plaintext TCP connection on one {@link NioEventLoop}. A server's connection is confined to the loop
 * thread; context methods called from elsewhere are queued to it. A client's connection may also be worked
 * on by caller threads, one thread at a time ({@link CallerAccess}); who may do what, and when, is decided by
 * its {@link ConnectionThreads} (a {@link ConnectionOwnership}, which it hands out as its {@link CallerAccess}), and
 * calls from threads that do not hold the connection are queued to the loop.
 *
 * <p>Output is a queue of buffers written with gathering writes. OP_WRITE is set only while the socket
 * refused part of the output, and {@link ConnectionHandler#onWritable()} follows when it has drained.
 *
 * <p>Over 500 lines as one class: the socket, its output queue, the interest set and the ownership are touched together
 * on every read and write, and split apart they would have to share all of it.
 */
final class NioConnection implements ConnectionContext, SelectionHandler, OwnedConnection {

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
    /** Who works on it now: the loop only (servers), or the loop and callers one at a time (clients). */
    private final ConnectionThreads threads;
    /** {@link #handleReady}, made once: the loop calls it on every wake-up of this connection. */
    private final Runnable handleReady = this::handleReady;
    private boolean inputClosed;
    /** What the listener learns of this connection's activity, to shed it at a cap; null outside a server. */
    private volatile ConnectionActivity activity;
    /** Picked by the listener to make room: not picked again (set by the acceptor, read when it closes). */
    volatile boolean shedding;
    /** Reading stopped by {@link #setReading} (the proxy's back-pressure): no read is watched until it is on again. */
    private boolean readingStopped;

    NioConnection(NioEventLoop loop, SocketChannel channel, ConnectionHandler handler,
                  Consumer<NioConnection> onClosed) {
        this(loop, channel, handler, onClosed, false);
    }

    NioConnection(NioEventLoop loop, SocketChannel channel, ConnectionHandler handler,
                  Consumer<NioConnection> onClosed, boolean callersMayRunHere) {
        this.threads = callersMayRunHere ? new ConnectionOwnership(this, loop) : new LoopConfinement(loop);
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
        threads.onLoop(() -> open(existing));
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

    /** Before {@link #start}: the listener's view of this connection's activity. */
    void activity(ConnectionActivity a) {
        activity = a;
    }

    ConnectionActivity activity() {
        return activity;
    }

    /** Any thread: ends the connection to make room for a new one, gracefully when its protocol said how. */
    void shed() {
        loop.execute(() -> {
            ConnectionActivity a = activity;
            Runnable graceful = a == null ? null : a.graceful();
            if (graceful != null && !closed && !closing) {
                graceful.run();
            } else {
                close();
            }
        });
    }

    /** Whether this thread may touch the connection's state now: the loop's, or the one holding it. */
    private boolean owned() {
        return threads.heldByCurrentThread();
    }

    @Override
    public <T> Optional<T> capability(Class<T> type) {
        if (type == NioEventLoop.class) { // the thread this connection runs on: a proxy dials the other leg there
            return Optional.of(type.cast(loop));
        }
        if (type == ConnectionActivity.class) {
            return Optional.ofNullable(type.cast(activity));
        }
        return threads.capability(type); // the ownership object itself, for a client's callers
    }

    @Override
    public void onSelected(SelectionKey selected) {
        threads.onSelected(handleReady); // reading lent input keeps it lent: the loop reads it till a caller waits
    }

    /** The key is the one selected: a connection has one. */
    private void handleReady() {
        SelectionKey selected = key;
        // a thread that held the lock while the loop waited for it may have closed the connection (key cancelled)
        if (closed || selected == null || !selected.isValid()) {
            return;
        }
        if (selected.isWritable()) {
            flushNow();
        }
        // a caller reading its own response reads this too (the key stops watching reads at the next select)
        if (!closed && selected.isValid() && selected.isReadable()
                && !threads.callerReads()) {
            read();
        }
    }

    @Override
    public void abortOnShutdown() {
        threads.onLoop(() -> closeNow(null));
    }

    private void read() {
        read(loop.readBuffer());
    }

    /** With the connection held, on a caller's thread: reads as the loop would, through the caller's buffer. */
    @Override
    public void readInto(ByteBuffer buffer) {
        read(buffer);
    }

    private void read(ByteBuffer buffer) {
        for (int i = 0; i < MAX_READS_PER_WAKEUP && !closed && !readingStopped; i++) {
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
        inputClosed = true;
        updateInterest();
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
        updateInterest();
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
    public void reset() {
        if (!owned()) {
            execute(this::reset);
            return;
        }
        if (!closed) {
            try {
                channel.setOption(java.net.StandardSocketOptions.SO_LINGER, 0); // close() then sends RST
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "SO_LINGER on " + remote + ": " + e);
            }
        }
        closeNow(null);
    }

    @Override
    public void setReading(boolean on) {
        if (!owned()) {
            execute(() -> setReading(on));
            return;
        }
        if (closed || inputClosed || readingStopped == !on) {
            return;
        }
        readingStopped = !on;
        updateInterest();
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
        loop.execute(threads.loopTask(task));
    }

    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        return loop.schedule(threads.loopTask(task), delay, unit);
    }

    // ---------------------------------------------------------------- for the ownership (connection held)

    @Override
    public boolean isOpen() {
        return !closed && !closing;
    }

    @Override
    public boolean mayLend() {
        return isOpen() && !inputClosed && !writeBlocked && key != null && key.isValid();
    }

    @Override
    public void registerForReads(Selector selector) throws IOException {
        channel.register(selector, SelectionKey.OP_READ);
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
        threads.closed();
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

    /**
     * With the connection held (or on the loop, for servers): the key watches what is wanted now: reads unless
     * the input ended or a caller reads it, writes while the socket refused output, nothing while the loop's
     * work waits for the connection. Wakes the loop when a watch is added from another thread: its select
     * sees interest changes only when it starts.
     */
    void updateInterest() {
        updateInterest(true);
    }

    /** As {@link #updateInterest()}; {@code wakeLoop} false leaves an added watch to the loop's next select. */
    @Override
    public void updateInterest(boolean wakeLoop) {
        if (key == null || !key.isValid()) {
            return;
        }
        int wanted = threads.suspended() ? 0
                : (inputClosed || readingStopped || threads.callerReads() ? 0 : SelectionKey.OP_READ)
                        | (writeBlocked ? SelectionKey.OP_WRITE : 0);
        int ops = key.interestOps();
        if (wanted != ops) {
            key.interestOps(wanted);
            if (wakeLoop && (wanted & ~ops) != 0 && !loop.inEventLoop()) {
                try {
                    loop.execute(() -> { }); // wakes the selector, which applies the change on its next select
                } catch (java.util.concurrent.RejectedExecutionException e) {
                    // the loop has ended: nothing is watched any more
                }
            }
        }
    }

    /** Loop thread, without the connection: its key reports nothing until {@link #updateInterest} (the holder let go). */
    @Override
    public void silenceKey() {
        SelectionKey k = key;
        if (k != null && k.isValid()) {
            k.interestOps(0);
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
