package io.h2scope.engine.proxy;

import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.trace.model.TraceSink;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Feeds one leg's {@link Http2Observer} off the relay's loop thread, so decoding and the trace sink never slow the
 * relay: the loop hands over the bytes it relays (already copies, never changed) and goes on; a decoder thread runs
 * the observer, one task at a time per leg, in order (so the sink still gets one call at a time per connection,
 * each after the one before). At most {@code backlogBytes} wait undecoded; past that the observer has fallen behind
 * and cannot catch up (an HTTP/2 byte stream has no resync point: frame boundaries and HPACK state would be lost),
 * so the leg's recording stops there with a counted gap, named in its closed event, and the bytes still pass.
 * Calls from the leg's loop thread only.
 */
final class ObserverFeed {

    private final TraceSink sink;
    private final Executor decoders;
    /** What one drain runs inside the sink's batch (made once, not per drain). */
    private final Runnable runWaiting = this::runWaiting;
    private final long backlogBytes;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicLong waiting = new AtomicLong();
    private Http2Observer observer; // decoder side only
    // loop side only
    private long handedOver;
    private long gapAt = -1;
    private long undecoded;

    /**
     * @param sink the sink the observer calls: each run of this leg's waiting work is one {@link TraceSink#batch}
     */
    ObserverFeed(Supplier<Http2Observer> observer, TraceSink sink, Executor decoders, long backlogBytes) {
        this.sink = sink;
        this.decoders = decoders;
        this.backlogBytes = backlogBytes;
        submit(() -> this.observer = observer.get()); // the opened event, off the loop too
    }

    /** Bytes the client ({@code client}) or the server sent, relayed as they are; this feed reads its own view of them. */
    void bytes(ByteBuffer relayed, boolean client) {
        ByteBuffer bytes = relayed.duplicate();
        int n = bytes.remaining();
        long now = System.nanoTime();
        if (gapAt < 0 && waiting.get() + n > backlogBytes) {
            gapAt = handedOver;
        }
        if (gapAt >= 0) {
            undecoded += n;
            return;
        }
        handedOver += n;
        waiting.addAndGet(n);
        submit(() -> {
            if (client) {
                observer.clientBytes(bytes, now);
            } else {
                observer.serverBytes(bytes, now);
            }
            waiting.addAndGet(-n);
        });
    }

    /** The leg ended ({@code why}, the closed event's text); told once, after the last bytes. */
    void finish(String why) {
        long now = System.nanoTime();
        String text = gapAt < 0 ? why : why + "; the recording has a gap: decoding fell more than " + backlogBytes
                + " octets behind the relay after " + gapAt + " octets, so the last " + undecoded
                + " octets were relayed but not decoded";
        submit(() -> observer.finish(now, text));
    }

    private void runWaiting() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            try {
                task.run();
            } catch (RuntimeException e) {
                // a failing sink must not strand the leg's later events; the thread's handler reports it
                Thread t = Thread.currentThread();
                t.getUncaughtExceptionHandler().uncaughtException(t, e);
            }
        }
    }

    /** Octets relayed without being decoded, once the observer fell behind (0: the recording is whole). */
    long undecodedOctets() {
        return undecoded;
    }

    private void submit(Runnable task) {
        tasks.add(task);
        if (draining.compareAndSet(false, true)) {
            decoders.execute(this::drain);
        }
    }

    private void drain() {
        while (true) {
            // the sink hands the run's lines on when it ends: before the flag drops, so the leg's next run (maybe
            // on another decoder thread) comes after them
            sink.batch(runWaiting);
            draining.set(false);
            // a task added after the last poll but before the flag dropped would be stranded without this
            if (tasks.isEmpty() || !draining.compareAndSet(false, true)) {
                return;
            }
        }
    }
}
