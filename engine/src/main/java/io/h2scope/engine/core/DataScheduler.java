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
 * <p>The connection supplies the {@link Sink}: the windows, the output budget and the writing.
 * The queued byte arrays are copies the application can no longer touch. Single-threaded.
 */
final class DataScheduler {

    /** What the scheduler writes through. */
    interface Sink {
        /** How many of {@code wanted} octets may go now on {@code streamId} (both windows). */
        int sendable(int streamId, int wanted);

        /** True when the connection window is closed: no stream can send. */
        boolean connectionBlocked();

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

        StreamQueue(int streamId) {
            this.streamId = streamId;
        }

        boolean finishing() {
            return endStream || trailers != null;
        }
    }

    private final StreamIdMap<StreamQueue> queues = new StreamIdMap<>();
    private final ArrayDeque<StreamQueue> ready = new ArrayDeque<>();

    /** Queues a body part; an empty part only matters when it ends the stream. */
    void enqueue(int streamId, byte[] data, boolean endStream) {
        StreamQueue q = queueOf(streamId);
        if (data.length > 0 || (endStream && q.chunks.isEmpty())) {
            q.chunks.addLast(new Chunk(data));
            q.queuedBytes += data.length;
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
        if (q != null && q.ready) {
            ready.remove(q);
        }
    }

    void clear() {
        queues.clear();
        ready.clear();
    }

    /** Windows opened: every waiting stream gets another try. */
    void onWindowOpened() {
        queues.forEachValue(this::markReady);
    }

    /** Writes as much as the windows and the output budget allow, one frame per stream per turn. */
    void flush(Sink sink) {
        while (!ready.isEmpty() && !sink.outputFull()) {
            StreamQueue q = ready.pollFirst();
            q.ready = false;
            Chunk chunk = q.chunks.peekFirst();
            if (chunk == null) {
                finish(q, sink); // only trailers were left
                continue;
            }
            int length;
            if (chunk.remaining() == 0) {
                length = 0; // END_STREAM without data costs no credit
            } else {
                length = sink.sendable(q.streamId, Math.min(chunk.remaining(), sink.maxFrameSize()));
                if (length == 0) {
                    if (sink.connectionBlocked()) {
                        markReady(q);
                        ready.addFirst(ready.pollLast()); // keep its turn
                        return;
                    }
                    continue; // stream window closed: waits for its WINDOW_UPDATE
                }
            }
            boolean lastOfBody = length == chunk.remaining() && q.chunks.size() == 1;
            boolean endStream = lastOfBody && q.endStream && q.trailers == null;
            sink.writeData(q.streamId, chunk.data, chunk.offset, length, endStream);
            chunk.offset += length;
            q.queuedBytes -= length;
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
