package io.h2scope.engine.transport;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javax.net.ssl.SSLSession;

/**
 * A plaintext TCP connection on one {@link NioEventLoop}. A server's connection is confined to the loop
 * thread; context methods called from elsewhere are queued to it. A client's connection is guarded by a
 * lock instead, which the loop holds whenever it works on the connection (ready keys, tasks, timers):
 * a thread that takes it while the loop is elsewhere may work here itself ({@link #runExclusively}), and
 * calls from threads without it are queued to the loop.
 *
 * <p>A client's loop may also lend its input to a caller waiting for a response ({@link #lendInput}): the
 * loop's selector stops watching the socket for reads, and the caller waits on a selector of its own and
 * reads here itself ({@link #readWhileWaiting}), so the response wakes the caller directly rather than the
 * loop, which would then have to wake the caller. The loop takes its input back as soon as it works on the
 * connection for anything else, and when no caller has been waiting for {@link #LEND_CHECK_NANOS}.
 *
 * <p>Output is a queue of buffers written with gathering writes. OP_WRITE is set only while the socket
 * refused part of the output, and {@link ConnectionHandler#onWritable()} follows when it has drained.
 */
final class NioConnection implements ConnectionContext, SelectionHandler {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");
    private static final int MAX_READS_PER_WAKEUP = 16; // fairness between connections of one loop
    private static final int GATHER = 16;
    /** How often the loop checks that a caller still waits on the input it lent; else it reads again itself. */
    static final long LEND_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** The longest a lending reader waits in one select: it checks its request's end at least this often. */
    private static final long READER_SLICE_MILLIS = 10;
    /** Callers reading lent input read through a buffer of their own, not the loop's. */
    private static final ThreadLocal<ByteBuffer> CALLER_READ_BUFFER =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(16 * 1024));

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
    /** The loop's selector does not watch reads: a waiting caller reads ({@link #lendInput}); set under the lock. */
    private volatile boolean inputLent;
    private boolean inputClosed;
    /** Reading stopped by {@link #setReading}: lent input taken back does not switch it on again. */
    private boolean readingStopped;
    private boolean lendCheckScheduled;
    /** The caller's own selector over this channel, made on the first lent read; closed with the connection. */
    private volatile Selector callerSelector;
    /** The one caller waiting in {@link #readWhileWaiting} now, or null. */
    private final AtomicReference<Thread> reader = new AtomicReference<>();

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
            takeBackInput();
            handleReady(selected);
        } finally {
            release();
        }
    }

    private void handleReady(SelectionKey selected) {
        // a thread that held the lock while the loop waited for it may have closed the connection (key cancelled)
        if (closed || !selected.isValid()) {
            return;
        }
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
        read(loop.readBuffer());
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
        if (!inputLent && key != null) {
            setInterest(SelectionKey.OP_READ, on);
        }
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
            takeBackInput(); // the loop at work here reads for itself again
            task.run();
        } finally {
            release();
        }
    }

    // ---------------------------------------------------------------- input lent to a waiting caller

    /**
     * The loop, at work here, lends its input to the next caller that waits on this connection: its selector
     * stops watching reads from its next select on. Ignored off the loop, for servers, and while output waits
     * for the socket. Data arriving before a caller waits stays in the socket (level-triggered readiness):
     * the caller reads it first, or the loop once it takes the input back ({@link #LEND_CHECK_NANOS} at most).
     */
    @Override
    public void lendInput() {
        if (exclusive == null || !loop.inEventLoop() || !exclusive.isHeldByCurrentThread() || inputLent
                || closed || closing || inputClosed || writeBlocked || key == null || !key.isValid()) {
            return;
        }
        inputLent = true;
        setInterest(SelectionKey.OP_READ, false); // applied at the loop's next select
        if (!lendCheckScheduled) {
            lendCheckScheduled = true;
            loop.schedule(this::checkLentInput, LEND_CHECK_NANOS, TimeUnit.NANOSECONDS);
        }
    }

    /** Loop timer: takes the input back unless a caller is waiting on it now. */
    private void checkLentInput() {
        exclusive.lock();
        try {
            lendCheckScheduled = false;
            if (!inputLent || closed) {
                return;
            }
            if (reader.get() != null) {
                lendCheckScheduled = true;
                loop.schedule(this::checkLentInput, LEND_CHECK_NANOS, TimeUnit.NANOSECONDS);
                return;
            }
            takeBackInput();
        } finally {
            release();
        }
    }

    /** Under the lock, any thread: the loop's selector watches reads again; a waiting caller stops reading. */
    private void takeBackInput() {
        if (!inputLent) {
            return;
        }
        inputLent = false;
        if (!inputClosed && !closed && !readingStopped) {
            setInterest(SelectionKey.OP_READ, true);
        }
        Selector s = callerSelector;
        if (s != null && reader.get() != null) {
            s.wakeup();
        }
    }

    /**
     * On a caller's thread: while this connection's input is lent ({@link #lendInput}) and until {@code done},
     * waits for input on a selector of its own and reads it here, as the loop would. Returns whether
     * {@code done} became true; false at once when the input is not lent, another caller reads it, the loop
     * took it back, the thread is interrupted or virtual (it parks instead, freeing its carrier): the caller
     * then waits as usual while the loop reads. Before returning {@code done}, the input goes back to the
     * loop unless {@code keepLent}, evaluated with the connection to itself, says no one else waits on it.
     */
    @Override
    public boolean readWhileWaiting(BooleanSupplier done, BooleanSupplier keepLent) {
        if (exclusive == null || !inputLent || loop.inEventLoop()) {
            return false;
        }
        if (VirtualThreads.isVirtual(Thread.currentThread())) {
            returnInputUnless(() -> reader.get() != null); // it will park: the loop reads, unless a reader does
            return false;
        }
        if (!reader.compareAndSet(null, Thread.currentThread())) {
            return false; // another caller reading reads this one's response too, or hands the input back
        }
        boolean finished;
        try {
            finished = readUntil(done);
        } finally {
            reader.set(null);
        }
        if (finished) {
            // after clearing the reader: a caller that found it set has its stream live now, and gets the loop back
            returnInputUnless(keepLent);
        }
        return finished;
    }

    private boolean readUntil(BooleanSupplier done) {
        try {
            Selector s = callerSelector();
            if (s == null) {
                return false;
            }
            // select first: right after its request went out, a read would almost always find nothing
            while (inputLent) {
                if (Thread.currentThread().isInterrupted()) {
                    return false;
                }
                if (s.select(READER_SLICE_MILLIS) > 0) { // the request's own deadline ends it through done
                    s.selectedKeys().clear();
                    if (!readAsCaller()) {
                        return done.getAsBoolean();
                    }
                }
                if (done.getAsBoolean()) {
                    return true;
                }
            }
            return done.getAsBoolean();
        } catch (IOException e) {
            // no selector of its own (out of file descriptors?): the loop reads again, this caller parks
            LOG.log(System.Logger.Level.DEBUG, "caller cannot wait on " + remote + " itself: " + e);
            returnInputUnless(() -> false);
            return done.getAsBoolean();
        } catch (ClosedSelectorException e) {
            return done.getAsBoolean(); // the connection closed meanwhile
        }
    }

    /** The caller's selector over this channel, made on first use; null when the input is no longer lent. */
    private Selector callerSelector() throws IOException {
        Selector s = callerSelector;
        if (s != null) {
            return s;
        }
        exclusive.lock(); // the loop or a caller writing holds it for microseconds
        try {
            if (!inputLent || closed || closing) {
                return null;
            }
            s = Selector.open();
            try {
                channel.register(s, SelectionKey.OP_READ);
            } catch (IOException | RuntimeException e) {
                s.close();
                throw e;
            }
            callerSelector = s;
            return s;
        } finally {
            release();
        }
    }

    /** Reads what arrived, with the lock; false when the input is no longer lent. */
    private boolean readAsCaller() {
        exclusive.lock(); // waits out the loop (which then takes the input back) or a caller writing its request
        try {
            if (!inputLent || closed || closing) {
                return false;
            }
            read(CALLER_READ_BUFFER.get());
            return !closed;
        } finally {
            release(); // completions deferred by the read run now, on this thread
        }
    }

    private void returnInputUnless(BooleanSupplier keepLent) {
        exclusive.lock();
        try {
            if (inputLent && !closed && !keepLent.getAsBoolean()) {
                takeBackInput();
            }
        } finally {
            release();
        }
    }

    private void closeCallerSelector() {
        Selector s = callerSelector;
        if (s != null) {
            try {
                s.close(); // deregisters the channel, whose socket is released only then
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "close caller selector of " + remote + ": " + e);
            }
        }
    }

    @Override
    public boolean onLoopThread() {
        return loop.inEventLoop();
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
        inputLent = false;
        closeCallerSelector();
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
