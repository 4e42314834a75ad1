package io.h2scope.inspector.model.filter;

import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.Recording;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/** One frame of a recording as a filter's fields see it; the frame is read once however many fields ask. */
final class FrameFacts {

    private final Recording recording;
    private int frameNumber = -1;
    private FrameEvent frame;

    FrameFacts(Recording recording) {
        this.recording = recording;
    }

    FrameFacts at(int number) {
        if (number != frameNumber) {
            frameNumber = number;
            frame = recording.frame(number);
        }
        return this;
    }

    /** The field's number on this frame, or {@link Long#MIN_VALUE} when the frame has none (an error on a DATA frame). */
    long number(FilterField field) {
        return switch (field) {
            case TYPE -> frame.header().typeCode();
            case STREAM -> frame.header().streamId();
            case CONN -> frame.connectionId();
            case DIR -> frame.direction() == Direction.OUTBOUND ? 0 : 1;
            case LEN -> frame.header().length();
            case FLAGS -> frame.header().flags();
            case ERROR -> frame.frame() instanceof RstStreamFrame r ? Integer.toUnsignedLong(r.errorCode())
                    : frame.frame() instanceof GoAwayFrame g ? Integer.toUnsignedLong(g.errorCode()) : Long.MIN_VALUE;
            case INCREMENT -> frame.frame() instanceof WindowUpdateFrame w ? w.increment() : Long.MIN_VALUE;
            case LAST_STREAM -> frame.frame() instanceof GoAwayFrame g ? g.lastStreamId() : Long.MIN_VALUE;
            case WINDOW -> Math.min(smaller(frame.connectionSendWindow(), frame.streamSendWindow()),
                    smaller(frame.connectionReceiveWindow(), frame.streamReceiveWindow()));
            case SEND_WINDOW -> smaller(frame.connectionSendWindow(), frame.streamSendWindow());
            case RECV_WINDOW -> smaller(frame.connectionReceiveWindow(), frame.streamReceiveWindow());
            case STATE -> frame.streamStateAfter() == null ? Long.MIN_VALUE : frame.streamStateAfter().ordinal();
            default -> throw new IllegalStateException(field + " is not a number");
        };
    }

    /** Nanoseconds since the recording started (since the frame's connection started, without clock time). */
    long nanosSinceStart() {
        Instant start = recording.startClock();
        Instant clock = start == null ? null : recording.frameClock(frameNumber);
        return clock == null ? frame.nanosSinceStart() : Duration.between(start, clock).toNanos();
    }

    /** The frame's clock time, or null when its connection's is not known. */
    Instant clock() {
        return recording.frameClock(frameNumber);
    }

    /** The line the frame list shows, lower case (hidden values are placeholders, which a search skips). */
    String searchable() {
        return FrameSummary.searchable(recording, frameNumber).toLowerCase(Locale.ROOT);
    }

    /** The state's name after the frame, as the filter writes it, or null on stream 0. */
    String state() {
        return frame.streamStateAfter() == null ? null : frame.streamStateAfter().name().toLowerCase(Locale.ROOT);
    }

    /** Whether the frame's field block has a field called {@code name}. */
    boolean hasHeader(String name) {
        for (HeaderField f : frame.headers()) {
            if (f.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a field called {@code name} has a value {@code test} accepts; a value the connection hides never does. */
    boolean anyHeader(String name, java.util.function.Predicate<String> test) {
        Redaction redaction = null;
        for (HeaderField f : frame.headers()) {
            if (f.name().equals(name)) {
                if (redaction == null) {
                    redaction = recording.connectionOf(recording.frameEvent(frameNumber)).redaction();
                }
                if (!redaction.hides(name) && test.test(f.value())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The smaller of two windows, where -1 means the stream's is not tracked. */
    private static long smaller(int connection, int stream) {
        return stream < 0 ? connection : Math.min(connection, stream);
    }
}
