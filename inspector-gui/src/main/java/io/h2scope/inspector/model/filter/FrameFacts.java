package io.h2scope.inspector.model.filter;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.inspector.model.FieldValues;
import io.h2scope.inspector.model.FrameColumns;
import io.h2scope.inspector.model.FrameFields;
import io.h2scope.inspector.model.LineEquals;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.TextSearch;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * One frame of a recording as a filter's fields see it: numbers from the recording's {@link FrameColumns}, fields from
 * its {@link FrameFields} (no frame read again from its file), the frame itself read only for its line or for fields
 * the recording did not keep, once however many fields ask.
 */
final class FrameFacts {

    private final Recording recording;
    private final FrameColumns columns;
    private final FrameFields fields;
    private int frameNumber = -1;
    /** Per text looked for (a filter may have several): what each string's answer was. This thread's only. */
    private final java.util.Map<String, TextSearch> searches = new java.util.HashMap<>();
    private final java.util.Map<String, LineEquals> wholeLines = new java.util.HashMap<>(); // likewise
    private final java.util.Map<String, FieldValues> fieldsNamed = new java.util.HashMap<>(); // per field name
    private FrameEvent frame;

    FrameFacts(Recording recording) {
        this.recording = recording;
        this.columns = recording.frameColumns();
        this.fields = recording.frameFields();
    }

    FrameFacts at(int number) {
        if (number != frameNumber) {
            frameNumber = number;
            frame = null;
        }
        return this;
    }

    private FrameEvent frame() {
        if (frame == null) {
            frame = recording.frame(frameNumber);
        }
        return frame;
    }

    /** The field's number on this frame, or {@link Long#MIN_VALUE} when the frame has none (an error on a DATA frame). */
    long number(FilterField field) {
        int f = frameNumber;
        int type = columns.typeCode(f);
        return switch (field) {
            case TYPE -> type;
            case STREAM -> columns.streamId(f);
            case CONN -> recording.connectionOf(recording.frameEvent(f)).number(); // as the Conn column
            case DIR -> columns.direction(f) == Direction.OUTBOUND ? 0 : 1;
            case LEN -> columns.length(f);
            case FLAGS -> columns.flags(f);
            case ERROR -> columns.hasErrorCode(f) ? columns.errorCode(f) : Long.MIN_VALUE;
            case INCREMENT -> type == FrameType.WINDOW_UPDATE.code() ? columns.increment(f) : Long.MIN_VALUE;
            case LAST_STREAM -> type == FrameType.GOAWAY.code() ? columns.increment(f) : Long.MIN_VALUE;
            case WINDOW -> Math.min(columns.sendWindow(f), columns.receiveWindow(f));
            case SEND_WINDOW -> columns.sendWindow(f);
            case RECV_WINDOW -> columns.receiveWindow(f);
            case STATE -> columns.stateAfter(f) == null ? Long.MIN_VALUE : columns.stateAfter(f).ordinal();
            default -> throw new IllegalStateException(field + " is not a number");
        };
    }

    /** Nanoseconds since the recording started (since the frame's connection started, without clock time). */
    long nanosSinceStart() {
        Instant start = recording.startClock();
        Instant clock = start == null ? null : recording.frameClock(frameNumber);
        return clock == null ? columns.nanosSinceStart(frameNumber) : Duration.between(start, clock).toNanos();
    }

    /** The frame's clock time, or null when its connection's is not known. */
    Instant clock() {
        return recording.frameClock(frameNumber);
    }

    /** Whether the line the frame list shows is {@code lower} (in lower case, a hidden value's placeholder left out). */
    boolean lineEquals(String lower) {
        LineEquals line = wholeLines.get(lower); // no lambda a frame: a capturing one is a new object each call
        if (line == null) {
            line = new LineEquals(recording, lower);
            wholeLines.put(lower, line);
        }
        return line.matches(frameNumber);
    }

    /** Whether {@link #searchable} contains {@code lower} (in lower case): each distinct part looked at once. */
    boolean lineContains(String lower) {
        TextSearch search = searches.get(lower); // likewise
        if (search == null) {
            search = new TextSearch(recording, lower);
            searches.put(lower, search);
        }
        return search.matches(frameNumber);
    }

    /** The state's name after the frame, as the filter writes it, or null on stream 0. */
    String state() {
        StreamState state = columns.stateAfter(frameNumber);
        return state == null ? null : state.name().toLowerCase(Locale.ROOT);
    }

    /** Whether the frame's field block has a field called {@code name}. */
    boolean hasHeader(String name) {
        if (!carriesFields()) {
            return false;
        }
        FieldValues named = named(name);
        return fields.kept(frameNumber) ? named.has(frameNumber) : named.has(frame().headers());
    }

    /** Whether a field called {@code name} has a value {@code test} accepts; a value the connection hides never does. */
    boolean anyHeader(String name, Predicate<String> test) {
        if (!carriesFields()) {
            return false;
        }
        FieldValues named = named(name);
        return fields.kept(frameNumber) ? named.anyShown(frameNumber, test)
                : named.anyShown(frameNumber, frame().headers(), test);
    }

    private FieldValues named(String name) {
        FieldValues named = fieldsNamed.get(name); // no lambda a frame, as above
        if (named == null) {
            named = new FieldValues(recording, name);
            fieldsNamed.put(name, named);
        }
        return named;
    }

    /** Only a frame that can complete a field block holds decoded fields: the others are not read again for them. */
    private boolean carriesFields() {
        int type = columns.typeCode(frameNumber);
        return type == FrameType.HEADERS.code() || type == FrameType.PUSH_PROMISE.code()
                || type == FrameType.CONTINUATION.code();
    }
}
