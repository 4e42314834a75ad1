package io.h2scope.engine.trace.explain;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.text.FrameWords;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The last frames of one connection, at most {@link ExplainLimits#history()} of them, each as a phrase, and what
 * else an account says of frames: the request each stream carries, and the run of frames of one type each side sent
 * last (a flood is a long run). Its memory does not grow with the recording.
 */
final class FrameHistory {

    /**
     * One frame seen.
     *
     * @param side   whose frame: {@link Side#LOCAL} sent it, {@link Side#REMOTE} sent it to us
     * @param header its header as on the wire
     * @param frame      the decoded frame, except DATA, whose payload is not kept ({@code dataLength} says its
     *                   length); null for DATA and for a frame that was not decoded
     * @param dataLength a DATA frame's payload length; -1 for any other frame
     * @param fields     its field block's decoded fields (empty for none): put in words only when an account
     *                   tells the frame, not for every frame of a recording opened
     * @param rule       for a frame that broke a frame rule and was not decoded, the rule's id; else null
     */
    record Seen(long nanosSinceStart, Side side, FrameHeader header, Frame frame, int dataLength,
            List<HeaderField> fields, String rule) {

        /**
         * The frame in words, without its sender ({@code HEADERS on stream 41 with END_STREAM (GET /)}): made only
         * when an account tells it, not for every frame seen.
         */
        String phrase() {
            String phrase = dataLength >= 0 ? FrameWords.data(header.streamId(), dataLength, header.hasFlag(Flags.END_STREAM))
                    : frame != null ? FrameWords.describe(frame) : FrameWords.header(header);
            String label = label(fields);
            return label == null ? phrase : phrase + " (" + label + ")";
        }

        Seen breaking(String ruleId) {
            return new Seen(nanosSinceStart, side, header, frame, dataLength, fields, ruleId);
        }
    }

    /** A run of frames of one type from one side, up to the last frame it sent. */
    record Run(int typeCode, long count, long since, long until) {
    }

    private final int size;
    private final Deque<Seen> frames = new ArrayDeque<>();
    /** The request fields each recent stream carried (in words when asked); the oldest forgotten first. */
    private final Map<Integer, List<HeaderField>> requests;
    private final Run[] runs = new Run[2];

    FrameHistory(int size) {
        this.size = size;
        this.requests = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, List<HeaderField>> eldest) {
                return size() > FrameHistory.this.size;
            }
        };
    }

    /** A frame read or written; returns it as seen. */
    Seen add(FrameEvent e) {
        Side side = e.direction() == Direction.OUTBOUND ? Side.LOCAL : Side.REMOTE;
        if (e.streamId() > 0 && !e.headers().isEmpty() && isRequest(e.headers())) {
            requests.putIfAbsent(e.streamId(), e.headers()); // the request, for accounts that name the stream
        }
        boolean data = e.frame() instanceof DataFrame;
        return remember(new Seen(e.nanosSinceStart(), side, e.header(), data ? null : e.frame(),
                data ? ((DataFrame) e.frame()).payloadLength() : -1, e.headers(), null));
    }

    /** A received frame that broke a frame rule and was not decoded. */
    Seen add(ViolationReceived v) {
        return remember(new Seen(v.nanosSinceStart(), Side.REMOTE, v.header(), null, -1, List.of(), v.ruleId()));
    }

    /**
     * A frame that broke the rule of {@code violation}, the frame kept last: the observer of a proxied or recorded
     * connection publishes a rule broken by either side as received, then the frame itself when it could be decoded.
     * One frame, kept once: as the frame says (whose it was, decoded), with the rule.
     */
    Seen add(FrameEvent e, Seen violation) {
        if (frames.peekLast() == violation) {
            frames.pollLast();
        }
        Seen frame = add(e);
        frames.pollLast();
        frames.addLast(frame.breaking(violation.rule()));
        return frames.peekLast();
    }

    private Seen remember(Seen seen) {
        if (frames.size() == size) {
            frames.pollFirst();
        }
        frames.addLast(seen);
        int index = seen.side() == Side.LOCAL ? 0 : 1;
        Run run = runs[index];
        long t = seen.nanosSinceStart();
        runs[index] = run != null && run.typeCode() == seen.header().typeCode()
                ? new Run(run.typeCode(), run.count() + 1, run.since(), t) : new Run(seen.header().typeCode(), 1, t, t);
        return seen;
    }

    /** The last frame, or null. */
    Seen last() {
        return frames.peekLast();
    }

    /** The frame kept just before {@code seen}, or null. */
    Seen before(Seen seen) {
        Seen previous = null;
        for (Seen s : frames) {
            if (s == seen) {
                return previous;
            }
            previous = s;
        }
        return null;
    }

    /** The last frame {@code side} sent, or null. */
    Seen last(Side side) {
        var it = frames.descendingIterator();
        while (it.hasNext()) {
            Seen s = it.next();
            if (s.side() == side) {
                return s;
            }
        }
        return null;
    }

    /** The last {@code n} frames kept on stream {@code streamId} (any side), oldest first, before {@code upTo} (excluded; null: all). */
    List<Seen> onStream(int streamId, int n, Seen upTo) {
        List<Seen> found = new ArrayList<>();
        var it = frames.descendingIterator();
        boolean before = upTo == null;
        while (it.hasNext() && found.size() < n) {
            Seen s = it.next();
            if (!before) {
                before = s == upTo;
                continue;
            }
            if (s.header().streamId() == streamId) {
                found.add(0, s);
            }
        }
        return found;
    }

    /** The last {@code n} frames {@code side} sent, oldest first. */
    List<Seen> lastOf(Side side, int n) {
        List<Seen> found = new ArrayList<>();
        var it = frames.descendingIterator();
        while (it.hasNext() && found.size() < n) {
            Seen s = it.next();
            if (s.side() == side) {
                found.add(0, s);
            }
        }
        return found;
    }

    /** The run of frames of one type {@code side} sent last, or null before its first frame. */
    Run run(Side side) {
        return runs[side == Side.LOCAL ? 0 : 1];
    }

    /** The request stream {@code streamId} carried, in words ({@code GET /index.html}), or null when not kept. */
    String label(int streamId) {
        List<HeaderField> request = requests.get(streamId);
        return request == null ? null : label(request);
    }

    /** Whether the fields are a request's: a {@code :method}, no {@code :status} ({@link #label} without words). */
    private static boolean isRequest(List<HeaderField> headers) {
        boolean method = false;
        for (HeaderField f : headers) {
            if (f.name().equals(":status")) {
                return false;
            }
            method |= f.name().equals(":method");
        }
        return method;
    }

    /** {@code GET /index.html} for a request, {@code :status 503} for a response; null for neither. */
    private static String label(List<HeaderField> headers) {
        String method = null;
        String path = null;
        for (HeaderField f : headers) {
            switch (f.name()) {
                case ":method" -> method = f.value();
                case ":path" -> path = f.value();
                case ":status" -> {
                    return ":status " + f.value();
                }
                default -> {
                }
            }
        }
        if (method == null) {
            return null;
        }
        return path == null ? method : method + " " + path;
    }
}
