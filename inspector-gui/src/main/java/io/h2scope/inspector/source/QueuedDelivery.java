package io.h2scope.inspector.source;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.redact.RedactingSink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The trace sink of an engine that runs inside the inspector (its client, the recording proxy): the engine's
 * threads only enqueue, and one delivery thread hands what has queued up to the {@link SourceSink} as a batch, so
 * the window's recording never runs on a connection's thread. Problems go through the same queue, in order with
 * the events. Events that come before {@link #start} wait in the queue.
 */
final class QueuedDelivery implements TraceSink {

    private static final long CLOSE_WAIT_MILLIS = 2_000;

    /** A problem line between events. */
    private record Problem(String line) {
    }

    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final String threadName;
    private volatile boolean closing;
    private Thread delivery;

    QueuedDelivery(String threadName) {
        this.threadName = threadName;
    }

    @Override
    public void onEvent(TraceEvent event) {
        if (!closing) {
            queue.add(event);
        }
    }

    @Override
    public boolean wantsHpackDetail() {
        return true; // the HPACK view shows each field's representation
    }

    /** A line for the user, delivered after the events queued before it. */
    void problem(String line) {
        if (!closing) {
            queue.add(new Problem(line));
        }
    }

    synchronized void start(SourceSink target) {
        delivery = new Thread(() -> deliver(target), threadName);
        delivery.setDaemon(true);
        delivery.start();
    }

    private void deliver(SourceSink target) {
        List<Object> taken = new ArrayList<>();
        List<TraceEvent> batch = new ArrayList<>();
        // the window's redaction, by the sink the recorders use (a block over CONTINUATION frames is held whole)
        TraceSink hiding = RedactingSink.wrap(batch::add, target.redaction(), TracePrivacy.ALL_DATA);
        try {
            while (!closing || !queue.isEmpty()) {
                Object first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                taken.add(first);
                queue.drainTo(taken);
                for (Object o : taken) {
                    if (o instanceof TraceEvent e) {
                        hiding.onEvent(e);
                    } else {
                        flush(target, batch);
                        target.problem(((Problem) o).line());
                    }
                }
                flush(target, batch);
                taken.clear();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void flush(SourceSink target, List<TraceEvent> batch) {
        if (!batch.isEmpty()) {
            target.events(new ArrayList<>(batch));
            batch.clear();
        }
    }

    /**
     * Takes no more, delivers what is queued (the closing events of the engine's connections) and ends the thread;
     * waits for it at most two seconds, so no call to the sink follows unless delivery hangs.
     */
    void close() {
        closing = true;
        Thread t;
        synchronized (this) {
            t = delivery;
        }
        if (t == null) {
            queue.clear();
            return;
        }
        try {
            t.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        t.interrupt();
    }
}
