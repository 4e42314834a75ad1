package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A sink that appends every trace event to a JSONL file ({@link TraceEventJson}, docs/TRACE_FORMAT.md),
 * capped and rolled by {@link RollingFile}. Many connections may share one writer: each line is built on
 * the caller's thread, in a buffer of that thread's, and queued whole (within a {@link #batch}, together with the
 * batch's other lines); a writer thread of its own writes
 * whatever is queued with one call (a line per write call would cost a system call per event, and each copy of
 * the bytes counts at hundreds of megabytes a second, so they are copied once, into the queue). Lines keep the
 * order of the calls that made them, so each connection's lines keep its order. Within a batch, a frame's window
 * and stream state changes go into the frame's line ({@link FoldedChanges}), so a request costs few lines. When the disk is slower than
 * the traffic, callers wait while the queue ({@value #QUEUE_BYTES} octets) is full, so memory stays bounded.
 * {@link #close()} writes everything queued, and so does the JVM's shutdown (lines that come later, from other
 * shutdown hooks, are still taken until the writer is closed). A write error is reported once
 * and recording stops; the connections go on.
 */
public final class JsonlTraceWriter implements TraceSink, AutoCloseable {

    /** Octets queued for the writer thread at most (a longer line gets a queue of its own); one more is being written. */
    static final int QUEUE_BYTES = 1 << 20;
    private static final Duration EXIT_FLUSH = Duration.ofSeconds(5);
    /** Within a {@link #batch}, lines are queued together once they pass this many octets, or when it ends. */
    static final int BATCH_BYTES = 64 * 1024;

    /** One thread's line buffer, and how deep in {@link #batch} calls the thread is. */
    private static final class ThreadLines {
        final LineOctets line = LineOctets.reused(1024);
        /** Window and state changes held for the batch's next frame line; none outside a batch. */
        final FoldedChanges changes = new FoldedChanges();
        int batchDepth;
    }

    private final Path path;
    private final RollingFile file;
    private final PrintStream errors;
    private final AtomicBoolean failed = new AtomicBoolean();
    private final Object lock = new Object();
    /** Each thread's lines for this writer being built; reused, so a line costs no buffer of its own. */
    private final ThreadLocal<ThreadLines> threadLines = ThreadLocal.withInitial(ThreadLines::new);
    private final Thread writer;
    private final Thread onShutdown;
    private ByteBuffer queued = ByteBuffer.allocateDirect(QUEUE_BYTES); // guarded by lock
    private boolean closing; // guarded by lock
    private boolean writerIdle; // guarded by lock: the writer thread waits for lines
    private int waitingForRoom; // guarded by lock: callers waiting for the writer thread to take the queue
    private int flushing; // guarded by lock: threads waiting for everything queued to be written
    private volatile boolean stopped; // closed by stop(): lines that come after are dropped without a word

    /**
     * @param errors where a write failure is reported (once)
     * @throws IOException if the file cannot be opened
     */
    public JsonlTraceWriter(Path path, long maxBytes, PrintStream errors) throws IOException {
        this.path = path;
        this.file = new RollingFile(path, maxBytes);
        this.errors = errors;
        this.writer = new Thread(this::writeQueued, "h2scope-trace-writer");
        writer.setDaemon(true);
        writer.start();
        // at exit, write what is queued but go on taking lines: other shutdown hooks (a proxy or server stopping)
        // may still be recording their connections' last events, and close this writer when they are done
        this.onShutdown = new Thread(() -> flush(EXIT_FLUSH), "h2scope-trace-writer-shutdown");
        Runtime.getRuntime().addShutdownHook(onShutdown);
    }

    @Override
    public boolean enabled() {
        return !failed.get();
    }

    @Override
    public void onEvent(TraceEvent event) {
        if (failed.get()) {
            return;
        }
        ThreadLines lines = threadLines.get();
        LineOctets line = lines.line; // empty, or the lines of this thread's open batch so far
        int start = line.length();
        try {
            lines.changes.write(event, line);
            if (lines.batchDepth == 0) {
                lines.changes.flush(line); // a line waits for no later event outside a batch
            }
        } catch (RuntimeException e) {
            line.truncate(start); // no half line among the others
            throw e;
        }
        if (lines.batchDepth == 0 || line.length() >= BATCH_BYTES) {
            queue(line.octets(), line.length());
            line.clear();
        }
    }

    /** The lines made by {@code events} go into the queue together: its lock once per {@value #BATCH_BYTES} octets. */
    @Override
    public void batch(Runnable events) {
        ThreadLines lines = threadLines.get();
        lines.batchDepth++;
        try {
            events.run();
        } finally {
            if (--lines.batchDepth == 0) {
                LineOctets line = lines.line;
                try {
                    lines.changes.flush(line);
                    if (line.length() > 0) {
                        queue(line.octets(), line.length()); // nothing once writing failed
                    }
                } finally {
                    line.clear();
                }
            }
        }
    }

    private void queue(byte[] line, int length) {
        synchronized (lock) {
            while (queued.remaining() < length && queued.position() > 0 && !closing && !failed.get()) {
                waitingForRoom++;
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } finally {
                    waitingForRoom--;
                }
            }
            if (closing) {
                if (!stopped) { // a line of a connection still writing when the recording was stopped is dropped
                    fail(new IOException("the trace file " + path + " is closed"));
                }
                return;
            }
            if (failed.get()) {
                return;
            }
            if (queued.position() == 0 && length > queued.capacity()) {
                queued = ByteBuffer.allocate(length); // a line longer than the queue, once
            }
            queued.put(line, 0, length);
            if (writerIdle) {
                writerIdle = false;
                lock.notifyAll(); // once per batch, not once per line: a wake-up costs more than a line
            }
        }
    }

    /** The writer thread: takes everything queued at once, writes it, until closed and nothing is left. */
    private void writeQueued() {
        ByteBuffer free = ByteBuffer.allocateDirect(QUEUE_BYTES);
        while (true) {
            ByteBuffer batch;
            synchronized (lock) {
                while (queued.position() == 0 && !closing) {
                    writerIdle = true;
                    if (flushing > 0) {
                        lock.notifyAll();
                    }
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (queued.position() == 0) {
                    return;
                }
                writerIdle = false;
                batch = queued;
                queued = free;
                if (waitingForRoom > 0) {
                    lock.notifyAll();
                }
            }
            if (!failed.get()) {
                try {
                    file.appendLines(batch.flip());
                } catch (IOException e) {
                    fail(e);
                }
            }
            free = batch.capacity() == QUEUE_BYTES ? batch.clear() : ByteBuffer.allocateDirect(QUEUE_BYTES);
        }
    }

    private void fail(IOException e) {
        if (failed.compareAndSet(false, true)) {
            errors.println("h2scope: the trace file stopped recording: " + e);
            synchronized (lock) {
                lock.notifyAll();
            }
        }
    }

    /** Waits until every line queued so far is written (or writing failed), at most {@code timeout}. */
    void flush(Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            flushing++;
            try {
                while ((queued.position() > 0 || !writerIdle) && writer.isAlive() && !failed.get()) {
                    long left = end - System.nanoTime();
                    if (left <= 0) {
                        return;
                    }
                    lock.wait(Math.max(1, left / 1_000_000));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                flushing--;
            }
        }
    }

    /** Lets the writer thread write what is queued, then waits for it. */
    private void stopWriting() {
        synchronized (lock) {
            closing = true;
            lock.notifyAll();
        }
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * As {@link #close()}, for a recording stopped while connections still write to it ({@code trace record --stop}):
     * a line that comes after is dropped without a word.
     */
    public void stop() throws IOException {
        stopped = true;
        close();
    }

    /** Writes every line queued so far, then closes the file. */
    @Override
    public void close() throws IOException {
        stopWriting();
        try {
            Runtime.getRuntime().removeShutdownHook(onShutdown);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing to remove
        }
        file.close();
    }
}
