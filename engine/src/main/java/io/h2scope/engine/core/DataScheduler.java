package io.h2scope.engine.core;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import io.h2scope.engine.stream.StreamIdMap;

import java.util.ArrayDeque;
import java.util.List;

/**
 * Outbound DATA waiting for flow-control credit (RFC 9113 §5.2, §6.9), shared fairly: streams take
 * turns, one frame each per turn (round robin), so one large body cannot starve the others. A
 * stream whose own window is closed sits out until a WINDOW_UPDATE; when the connection window is
 * closed everyone waits. Trailers queued behind a body go out after its last DATA.
 *
 * <p>A window counts as closed while it is below the stream's {@link Sink#sendFloor}: small credits
 * are coalesced instead of each buying a small DATA frame (SEC-04). The scheduler notes since when
 * each stream, and the connection, has waited on a closed window with data queued (cleared when DATA
 * goes out), so the connection can end stalls ({@code Limits.sendStallTimeoutNanos}).
 *
 * <p>The connection supplies the {@link Sink}: the windows, the output budget and the writing.
 * The queued byte arrays are copies the application can no longer touch. Single-threaded.
 */
final class DataScheduler {

    /** What the scheduler writes through. */
    interface Sink {
        /** How many of {@code wanted} octets may go now on {@code streamId} (both windows). */
        int sendable(int streamId, int wanted);

        /** Octets the connection window allows now. */
        int connectionAvailable();

        /** The smallest DATA frame worth sending on {@code streamId} when fewer than {@code wanted} octets fit. */
        int sendFloor(int streamId, int wanted);

        /** True when the output holds as much as it should before the transport drains it. */
        boolean outputFull();

        int maxFrameSize();

        void writeData(int streamId, byte[] data, int offset, int length, boolean endStream);

        void writeTrailers(int streamId, List<HeaderField> trailers);
    }

    private static final class Chunk {
        final byte[] data;
        int offset;

        Chunk(byte[] data) {
            this.data = data;
        }

        int remaining() {
            return data.length - offset;
        }
    }

    private static final class StreamQueue {
        final int streamId;
        final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
        boolean endStream;
        List<HeaderField> trailers;
        boolean ready;
        long queuedBytes;
        /** When this stream began waiting on its own closed window, or -1; cleared by a frame of at least the floor. */
        long stalledSince = -1;
        /** When this stream last sent a frame below the floor: the next one waits {@link #COALESCE_DELAY_NANOS}. */
        long lastSmallFrameAt = Long.MIN_VALUE / 2;

        StreamQueue(int streamId) {
            this.streamId = streamId;
        }

        boolean finishing() {
            return endStream || trailers != null;
        }
    }

    /**
     * At most one frame below the send floor per stream per this delay: the first small credit is used at
     * once (a peer that opens a window by 1 octet gets its octet), later ones wait, like RFC 1122 §4.2.3.4's
     * override timeout (0.1 to 1 s), so a peer that only ever grants small credits is still served, slowly.
     */
    static final long COALESCE_DELAY_NANOS = 200_000_000L;

    private final StreamIdMap<StreamQueue> queues = new StreamIdMap<>();
    /** Octets queued over all streams. */
    private long totalQueuedBytes;
    private final ArrayDeque<StreamQueue> ready = new ArrayDeque<>();
    /** When data began waiting on the closed connection window, or -1. */
    private long connectionStalledSince = -1;
    private int[] expired = new int[8];
    private int expiredCount;
    private long expiryCutoff;
    /** Made once: a method reference allocates at every evaluation, and this one runs per WINDOW_UPDATE. */
    private final java.util.function.Consumer<StreamQueue> markReadyEach = this::markReady;
    /** Made once: {@link #collectStalled} runs on every tick. */
    private final java.util.function.Consumer<StreamQueue> collectIfStalled = q -> {
        if (q.stalledSince >= 0 && q.stalledSince <= expiryCutoff) {
            if (expiredCount == expired.length) {
                expired = java.util.Arrays.copyOf(expired, expiredCount * 2);
            }
            expired[expiredCount++] = q.streamId;
        }
    };

    /** Queues a body part; an empty part only matters when it ends the stream. */
    void enqueue(int streamId, byte[] data, boolean endStream) {
        StreamQueue q = queueOf(streamId);
        if (data.length > 0 || (endStream && q.chunks.isEmpty())) {
            q.chunks.addLast(new Chunk(data));
            q.queuedBytes += data.length;
            totalQueuedBytes += data.length;
        }
        q.endStream |= endStream;
        markReady(q);
    }

    /** Queues trailers after the body already queued (they end the stream). */
    void enqueueTrailers(int streamId, List<HeaderField> trailers) {
        StreamQueue q = queueOf(streamId);
        q.trailers = HeaderList.copyOf(trailers);
        markReady(q);
    }

    boolean hasPending(int streamId) {
        return queues.containsKey(streamId);
    }

    /** Whether some stream waits for its turn (not for a window): new DATA must queue behind it. */
    boolean hasReady() {
        return !ready.isEmpty();
    }

    /** Whether END_STREAM (or trailers) is already queued: nothing more may be added. */
    boolean isFinishing(int streamId) {
        StreamQueue q = queues.get(streamId);
        return q != null && q.finishing();
    }

    /** Octets queued and not yet written for a stream. */
    long queuedBytes(int streamId) {
        StreamQueue q = queues.get(streamId);
        return q == null ? 0 : q.queuedBytes;
    }

    /** Drops a stream's queue (reset or closed). */
    void remove(int streamId) {
        StreamQueue q = queues.remove(streamId);
        if (q != null) {
            totalQueuedBytes -= q.queuedBytes;
            if (q.ready) {
                ready.remove(q);
            }
        }
    }

    void clear() {
        queues.clear();
        ready.clear();
        totalQueuedBytes = 0;
        connectionStalledSince = -1;
    }

    /** Octets queued and not yet written, all streams together. */
    long totalQueuedBytes() {
        return totalQueuedBytes;
    }

    /**
     * Tells {@code visitor} of each stream whose DATA waits on a closed window: its own since the time it began to,
     * or the connection's, whichever began first; with the octets it has queued.
     */
    void forEachStalled(Http2Connection.StallVisitor visitor) {
        queues.forEachValue(q -> {
            long since = q.stalledSince;
            if (connectionStalledSince >= 0 && (since < 0 || connectionStalledSince - since < 0)) {
                since = connectionStalledSince;
            }
            if (since >= 0 && q.queuedBytes > 0) {
                visitor.stalled(q.streamId, since, q.queuedBytes);
            }
        });
    }

    /** Streams queued (waiting for credit or for their turn). */
    int queuedStreams() {
        return queues.size();
    }

    /** How long data has waited on the closed connection window at {@code now}; 0 when it does not. */
    long connectionStalledFor(long now) {
        return connectionStalledSince < 0 || queues.isEmpty() ? 0 : now - connectionStalledSince;
    }

    /**
     * Finds the streams that have waited on their own closed window since {@code now - timeout} or longer;
     * returns how many, readable with {@link #stalled}. Allocation-free but for growing its id array.
     */
    int collectStalled(long now, long timeout) {
        expiredCount = 0;
        expiryCutoff = now - timeout;
        queues.forEachValue(collectIfStalled);
        return expiredCount;
    }

    /** The {@code i}th stream found by the last {@link #collectStalled}. */
    int stalled(int i) {
        return expired[i];
    }

    /** Windows opened, or time passed (a held frame's delay may be over): every waiting stream gets another try. */
    void onWindowOpened() {
        queues.forEachValue(markReadyEach);
    }

    /** Writes as much as the windows and the output budget allow, one frame per stream per turn, at {@code now}. */
    void flush(Sink sink, long now) {
        while (!ready.isEmpty() && !sink.outputFull()) {
            StreamQueue q = ready.pollFirst();
            q.ready = false;
            Chunk chunk = q.chunks.peekFirst();
            if (chunk == null) {
                finish(q, sink); // only trailers were left
                continue;
            }
            int length;
            int floor = 0;
            if (chunk.remaining() == 0) {
                length = 0; // END_STREAM without data costs no credit
            } else {
                int wanted = Math.min(chunk.remaining(), sink.maxFrameSize());
                length = sink.sendable(q.streamId, wanted);
                floor = sink.sendFloor(q.streamId, wanted);
                if (length < floor) {
                    if (length == 0 || now - q.lastSmallFrameAt < COALESCE_DELAY_NANOS) {
                        if (sink.connectionAvailable() < floor) {
                            if (connectionStalledSince < 0) {
                                connectionStalledSince = now;
                            }
                            markReady(q);
                            ready.addFirst(ready.pollLast()); // keep its turn
                            return;
                        }
                        if (q.stalledSince < 0) {
                            q.stalledSince = now;
                        }
                        continue; // stream window closed (or too small to be worth a frame): waits for credit or the delay
                    }
                    q.lastSmallFrameAt = now; // a small frame goes: the next waits the delay
                }
            }
            boolean lastOfBody = length == chunk.remaining() && q.chunks.size() == 1;
            boolean endStream = lastOfBody && q.endStream && q.trailers == null;
            // counted off first: writing END_STREAM may close the stream, whose removal counts off what is left
            q.queuedBytes -= length;
            totalQueuedBytes -= length;
            sink.writeData(q.streamId, chunk.data, chunk.offset, length, endStream);
            if (length >= floor && length > 0) {
                q.stalledSince = -1; // a frame worth sending is progress; an override's small one is not
                connectionStalledSince = -1;
            }
            chunk.offset += length;
            if (chunk.remaining() == 0) {
                q.chunks.pollFirst();
            }
            if (q.chunks.isEmpty() && q.trailers != null) {
                finish(q, sink);
            } else if (q.chunks.isEmpty()) {
                queues.remove(q.streamId); // all written (with END_STREAM, if asked)
            } else {
                markReady(q);
            }
        }
    }

    private void finish(StreamQueue q, DataScheduler.Sink sink) {
        queues.remove(q.streamId);
        if (q.trailers != null) {
            sink.writeTrailers(q.streamId, q.trailers);
        }
    }

    private StreamQueue queueOf(int streamId) {
        StreamQueue q = queues.get(streamId);
        if (q == null) {
            q = new StreamQueue(streamId);
            queues.put(streamId, q);
        }
        return q;
    }

    private void markReady(StreamQueue q) {
        if (!q.ready && queues.get(q.streamId) == q) {
            q.ready = true;
            ready.addLast(q);
        }
    }
}
