package io.h2scope.engine.trace.redact;

import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.text.Redaction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands every event on to the sinks behind it with what a trace must not keep taken out (docs/TRACING.md, "What a
 * trace hides"): the values {@link Redaction} hides, in the decoded fields and in the field block octets
 * ({@link EventRedaction}), and DATA past {@code dataMax} octets per stream. Each connection's {@code opened} event
 * says so ({@link TracePrivacy}). A field block spread over CONTINUATION frames names its fields only on its last
 * frame, so a connection's events are held from the first frame of such a block to its last (then filled as one
 * block, the events in their order); a block that never ends (the connection closed inside it, or more than
 * {@value #MAX_HELD_EVENTS} events came first) has every literal value filled.
 *
 * <p>With tracing off there is no such sink: {@link #wrap} of {@link TraceSink#NONE} is {@link TraceSink#NONE}.
 */
public final class RedactingSink implements TraceSink {

    /** Events of one connection held while a field block is open before it is filled whole and let go. */
    static final int MAX_HELD_EVENTS = 4096;
    /** More connections with DATA counted than this means closes are not told: start afresh rather than grow. */
    private static final int MAX_COUNTED_CONNECTIONS = 10_000;
    /** Streams of one connection whose DATA is counted; the first counted is forgotten past this. */
    static final int MAX_COUNTED_STREAMS = 4096;
    /** The data of a DATA frame whose octets are all left out (the default): one array for all of them. */
    private static final byte[] NO_DATA = new byte[0];

    private final TraceSink next;
    private final EventRedaction redaction;
    private final long dataMax;
    private final TracePrivacy privacy;
    /** Connections with an open field block: their events since it began. */
    private final Map<Long, Held> held = new ConcurrentHashMap<>();
    /** DATA octets recorded per stream, for connections that have recorded some (only with a cap). */
    private final Map<Long, Map<Integer, Long>> recorded = new ConcurrentHashMap<>();

    private RedactingSink(TraceSink next, Redaction redaction, long dataMax) {
        this.next = next;
        this.redaction = new EventRedaction(redaction);
        this.dataMax = dataMax;
        this.privacy = redaction.privacy(dataMax);
    }

    /**
     * {@code next} behind a redaction: {@code redaction}'s values hidden (unless it reveals), DATA kept up to
     * {@code dataMax} octets per stream ({@link TracePrivacy#ALL_DATA}: all). {@link TraceSink#NONE} stays itself.
     */
    public static TraceSink wrap(TraceSink next, Redaction redaction, long dataMax) {
        if (dataMax < 0) {
            throw new IllegalArgumentException("dataMax " + dataMax + " is negative");
        }
        return next == TraceSink.NONE ? next : new RedactingSink(next, redaction, dataMax);
    }

    @Override
    public boolean enabled() {
        return next.enabled();
    }

    @Override
    public boolean wantsHpackDetail() {
        return next.wantsHpackDetail();
    }

    @Override
    public boolean wants(Class<? extends TraceEvent> kind) {
        return next.wants(kind);
    }

    @Override
    public void batch(Runnable events) {
        next.batch(events);
    }

    @Override
    public void onEvent(TraceEvent event) {
        // the connection is asked only while a block is held: through TraceEvent it is a virtual call an event
        Held h = held.isEmpty() ? null : held.get(event.connectionId());
        if (h != null) {
            hold(event.connectionId(), h, event);
        } else if (event instanceof FrameEvent f) {
            onFrame(f);
        } else {
            pass(event, true);
        }
    }

    /**
     * A frame while no block of its connection is held. Most frames of a busy connection carry no field (DATA,
     * WINDOW_UPDATE, SETTINGS, PING): they go on as they are, a DATA frame cut to what its stream may still record,
     * without the redaction's look at fields, octets and HPACK detail they do not have.
     */
    private void onFrame(FrameEvent f) {
        Frame frame = f.frame();
        if (frame != null && f.headers().isEmpty() && f.hpack() == null && EventRedaction.fragmentOf(frame) == null) {
            next.onEvent(frame instanceof DataFrame ? data(f) : f);
        } else if (opensBlock(f) && !redaction.redaction().reveal()) {
            Held h = new Held();
            held.put(f.connectionId(), h);
            hold(f.connectionId(), h, f);
        } else {
            next.onEvent(data(redaction.frame(f, true)));
        }
    }

    /** A HEADERS or PUSH_PROMISE without END_HEADERS: its block goes on in CONTINUATION frames. */
    private static boolean opensBlock(FrameEvent f) {
        return EventRedaction.fragmentOf(f.frame()) != null && !(f.frame() instanceof ContinuationFrame)
                && !EventRedaction.endsBlock(f.frame());
    }

    private void pass(TraceEvent event, boolean octets) {
        TraceEvent out;
        if (event instanceof ConnectionOpened o) {
            out = o.withPrivacy(privacy);
        } else if (event instanceof FrameEvent f) {
            out = data(redaction.frame(f, octets));
        } else {
            out = redaction.apply(event, octets);
            if (event instanceof ConnectionClosed) {
                recorded.remove(event.connectionId());
            }
        }
        next.onEvent(out);
    }

    // ---------------------------------------------------------------- DATA

    /** The frame with its DATA cut to what this stream may still record. */
    private FrameEvent data(FrameEvent f) {
        if (dataMax == TracePrivacy.ALL_DATA || !(f.frame() instanceof DataFrame d) || d.data().length == 0) {
            return f;
        }
        int keep = dataMax == 0 ? 0 : take(f.connectionId(), f.streamId(), d.data().length);
        if (keep == d.data().length) {
            return f;
        }
        return f.withContent(new DataFrame(d.streamId(), d.flags(), keep == 0 ? NO_DATA : Arrays.copyOf(d.data(), keep), d.padLength()),
                f.headers(), f.hpack());
    }

    /** How many of {@code length} DATA octets stream {@code streamId} may still record, counted as recorded. */
    private int take(long connectionId, int streamId, int length) {
        Map<Integer, Long> streams = recorded.get(connectionId);
        if (streams == null) {
            if (recorded.size() >= MAX_COUNTED_CONNECTIONS) {
                recorded.clear();
            }
            streams = new StreamCounts(); // one connection's: its events come one at a time
            recorded.put(connectionId, streams);
        }
        long before = streams.getOrDefault(streamId, 0L);
        int keep = (int) Math.min(length, Math.max(0, dataMax - before));
        streams.put(streamId, before + keep);
        return keep;
    }

    /**
     * One connection's DATA octets recorded per stream, for the last {@value #MAX_COUNTED_STREAMS} streams that had
     * DATA: a stream is not forgotten when it closes, since a received frame's END_STREAM closes it before the frame
     * itself is told.
     */
    private static final class StreamCounts extends LinkedHashMap<Integer, Long> {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Long> eldest) {
            return size() > MAX_COUNTED_STREAMS;
        }
    }

    // ---------------------------------------------------------------- field blocks over CONTINUATION frames

    /** A connection's events since a field block of it began, and where its open blocks' frames are among them. */
    private static final class Held {
        final List<TraceEvent> events = new ArrayList<>();
        /** Per direction, the positions of the frames of its open block; null when it has none. */
        final List<List<Integer>> open = new ArrayList<>(Arrays.asList(null, null));
        /** Positions of frames whose block was filled already. */
        final BitSet filled = new BitSet();
    }

    private void hold(long id, Held h, TraceEvent event) {
        int at = h.events.size();
        h.events.add(event);
        if (event instanceof FrameEvent f && f.frame() != null) {
            int way = f.direction().ordinal();
            List<Integer> block = h.open.get(way);
            if (block != null && f.frame() instanceof ContinuationFrame c) {
                block.add(at);
                if (c.endHeaders()) {
                    fill(h, way, true);
                }
            } else {
                if (block != null) {
                    fill(h, way, false); // another frame inside the block (RFC 9113 §6.10): it never ends
                }
                if (opensBlock(f)) {
                    h.open.set(way, new ArrayList<>(List.of(at)));
                }
            }
        }
        if (event instanceof ConnectionClosed || h.events.size() >= MAX_HELD_EVENTS) {
            for (int way = 0; way < h.open.size(); way++) {
                if (h.open.get(way) != null) {
                    fill(h, way, false);
                }
            }
        }
        if (h.open.get(0) == null && h.open.get(1) == null) {
            held.remove(id);
            for (int i = 0; i < h.events.size(); i++) {
                pass(h.events.get(i), !h.filled.get(i));
            }
        }
    }

    /** Fills the open block of direction {@code way} as one, by its fields when {@code complete}. */
    private void fill(Held h, int way, boolean complete) {
        List<Integer> positions = h.open.get(way);
        List<FrameEvent> frames = new ArrayList<>(positions.size());
        for (int p : positions) {
            frames.add((FrameEvent) h.events.get(p));
        }
        List<FrameEvent> filled = redaction.block(frames, complete);
        for (int i = 0; i < positions.size(); i++) {
            h.events.set(positions.get(i), filled.get(i));
            h.filled.set(positions.get(i));
        }
        h.open.set(way, null);
    }

    // ---------------------------------------------------------------- outside the frames

}
