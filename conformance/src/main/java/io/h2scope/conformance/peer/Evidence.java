package io.h2scope.conformance.peer;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.text.FrameDescriber;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.util.ArrayList;
import java.util.List;

/**
 * One peer connection's evidence: the {@link io.h2scope.engine.observer.Http2Observer} that the peer feeds every
 * octet it sends and receives publishes here, and each frame or broken rule becomes a line ({@link TraceEntry})
 * carrying its event, with the stream states, windows, settings and HPACK changes it caused; the peer's notes and
 * descriptions of octets that are no whole frame are lines without one; an HTTP/1.1 message (an Upgrade's head, an
 * HTTP/1.1 origin's request or answer) is a line with its {@link Http1Head}. Capped: a flood's thousandth PING ACK adds
 * nothing a reader needs. Also the sink of the client suite's scripted servers ({@code ClientStage}), so a client
 * case keeps its exchange the way a server case does. Thread-safe.
 */
public final class Evidence implements TraceSink {

    /** Lines kept per connection. */
    static final int MAX_ENTRIES = 2_000;

    private final long startNanos;
    private final List<TraceEntry> entries = new ArrayList<>();
    private final List<TraceEvent> effects = new ArrayList<>();
    private EntryDirection feeding = EntryDirection.OUT;
    private boolean quiet;
    private int dropped;

    /** @param startNanos the {@link System#nanoTime()} the connection's lines are timed from (its observer's) */
    public Evidence(long startNanos) {
        this.startNanos = startNanos;
    }

    /** A line with no event behind it. */
    synchronized void line(EntryDirection direction, String text) {
        add(new TraceEntry(System.nanoTime() - startNanos, direction, text));
    }

    /**
     * The observer is about to decode octets that went {@code direction} (its rule breaks carry no direction of
     * their own); {@code quiet}: its events for them are not kept, because one line describes them (a batch).
     */
    public synchronized void feeding(EntryDirection direction, boolean quiet) {
        this.feeding = direction;
        this.quiet = quiet;
    }

    @Override
    public synchronized void onEvent(TraceEvent event) {
        if (quiet || event instanceof ConnectionClosed) {
            return; // the connection's end is made from the lines (EvidenceEvents)
        }
        if (event instanceof ConnectionOpened) {
            effects.add(event); // before the first line: EvidenceEvents takes its clock
            return;
        }
        if (event instanceof FrameEvent f) {
            String headers = f.headers().isEmpty() ? "" : " headers=" + f.headers();
            EntryDirection way = f.direction() == io.h2scope.engine.trace.model.Direction.INBOUND ? EntryDirection.IN : EntryDirection.OUT;
            add(new TraceEntry(f.nanosSinceStart(), way, FrameDescriber.line(f.frame()) + headers, f, taken()));
        } else if (event instanceof ViolationReceived v) {
            add(new TraceEntry(v.nanosSinceStart(), feeding, describe(v), v, taken()));
        } else if (event instanceof Http1Head h) {
            // octets outside HTTP/2 (an Upgrade's heads, an HTTP/1.1 origin's messages): a line of their own
            add(new TraceEntry(h.nanosSinceStart(), h.sent() ? EntryDirection.OUT : EntryDirection.IN,
                    "HTTP/1.1 " + h.head().replace("\n", " | "), h, taken()));
        } else {
            effects.add(event);
        }
    }

    /** Lines of another connection (a control run), kept after this one's lines so far. */
    synchronized void lines(List<TraceEntry> others) {
        others.forEach(this::add);
    }

    /** Every line so far, in order, and one saying how many were not kept. */
    public synchronized List<TraceEntry> entries() {
        List<TraceEntry> all = new ArrayList<>(entries);
        if (dropped > 0) {
            all.add(new TraceEntry(System.nanoTime() - startNanos, EntryDirection.NOTE,
                    dropped + " more entries not kept (evidence is capped at " + MAX_ENTRIES + " lines)"));
        }
        return all;
    }

    private void add(TraceEntry entry) {
        if (entries.size() >= MAX_ENTRIES) {
            dropped++;
            return;
        }
        entries.add(entry);
    }

    private List<TraceEvent> taken() {
        List<TraceEvent> caused = List.copyOf(effects);
        effects.clear();
        return caused;
    }

    /** E.g. {@code PING stream=1 length=8 BREAKS RFC 9113 §6.7 ... [rule frame/ping-nonzero-stream]}. */
    private static String describe(ViolationReceived v) {
        FrameHeader h = v.header();
        boolean noFrame = h.length() == 0 && h.typeCode() == 0 && h.streamId() == 0 && h.flags() == 0;
        String what = noFrame ? "(no frame)" : FrameType.nameOf(h.typeCode()) + " stream=" + h.streamId() + " length="
                + h.length();
        return what + " BREAKS " + v.violation() + " [rule " + v.ruleId() + "]";
    }
}
