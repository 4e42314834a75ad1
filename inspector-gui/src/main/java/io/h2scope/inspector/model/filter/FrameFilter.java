package io.h2scope.inspector.model.filter;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.text.ClockBound;
import io.h2scope.inspector.model.ConnectionKey;
import io.h2scope.inspector.model.FrameColumns;
import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.TextSearch;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * Which frames the frame list shows: every criterion that is set must hold (null: any).
 *
 * @param connection only this connection's frames
 * @param streamId   only frames on this stream (0: the connection's own frames)
 * @param typeCode   only frames of this type code
 * @param direction  only frames sent ({@link Direction#OUTBOUND}) or received
 * @param text       only frames whose {@link FrameSummary#searchable summary} contains this, ignoring case (the
 *                   placeholders of hidden values are not searched)
 * @param from       only frames at or after this clock time ({@link Recording#frameClock}; a frame whose clock is
 *                   not known is left out when a bound is set)
 * @param to         only frames before this clock time
 * @param display    only frames this display filter shows (the filter language typed in the filter box; null or
 *                   {@link DisplayFilter#ALL}: any)
 */
public record FrameFilter(ConnectionKey connection, Integer streamId, Integer typeCode, Direction direction,
        String text, Instant from, Instant to, DisplayFilter display) {

    /** Every frame. */
    public static final FrameFilter ALL = new FrameFilter(null, null, null, null, null);

    public FrameFilter {
        text = text == null || text.isBlank() ? null : text.strip().toLowerCase(Locale.ROOT);
        display = display == null || display.all() ? null : display;
    }

    /** Any time, no display filter. */
    public FrameFilter(ConnectionKey connection, Integer streamId, Integer typeCode, Direction direction, String text) {
        this(connection, streamId, typeCode, direction, text, null, null, null);
    }

    /** Whether this filter lets every frame through (the list then needs no index of its own). */
    public boolean all() {
        return connection == null && streamId == null && typeCode == null && direction == null && text == null
                && from == null && to == null && display == null;
    }

    /** Whether frame {@code frameNumber} passes (for one frame; a list keeps one matcher, {@link FilteredFrames}). */
    public boolean matches(Recording recording, int frameNumber) {
        return matches(recording, frameNumber, displayMatcher(recording));
    }

    /**
     * Whether frame {@code frameNumber} passes; {@code displayMatcher} is {@link #display}'s matcher over
     * {@code recording} for the calling thread ({@link #displayMatcher}).
     */
    public boolean matches(Recording recording, int frameNumber, DisplayFilter.Matcher displayMatcher) {
        return columnsMatch(recording, frameNumber)
                && (text == null || FrameSummary.searchable(recording, frameNumber).contains(text))
                && (displayMatcher == null || displayMatcher.matches(frameNumber));
    }

    /** The criteria other than the text and the display filter: read from the recording's columns. */
    private boolean columnsMatch(Recording recording, int frameNumber) {
        FrameColumns frame = recording.frameColumns(); // no frame is read again from its file for these
        if (streamId != null && frame.streamId(frameNumber) != streamId) {
            return false;
        }
        if (typeCode != null && frame.typeCode(frameNumber) != typeCode) {
            return false;
        }
        if (direction != null && frame.direction(frameNumber) != direction) {
            return false;
        }
        if (connection != null && !recording.connectionOf(recording.frameEvent(frameNumber)).key().equals(connection)) {
            return false;
        }
        if (from != null || to != null) {
            Instant clock = recording.frameClock(frameNumber);
            if (clock == null || (from != null && clock.isBefore(from)) || (to != null && !clock.isBefore(to))) {
                return false;
            }
        }
        return true;
    }

    /**
     * As {@link #matches(Recording, int, DisplayFilter.Matcher)}, the text looked for by {@code textSearch} (this
     * filter's {@link #textSearch}, one per thread: it remembers which strings hold the text).
     */
    public boolean matches(Recording recording, int frameNumber, DisplayFilter.Matcher displayMatcher,
            TextSearch textSearch) {
        if (textSearch == null) {
            return matches(recording, frameNumber, displayMatcher);
        }
        return columnsMatch(recording, frameNumber) && textSearch.matches(frameNumber)
                && (displayMatcher == null || displayMatcher.matches(frameNumber));
    }

    /** A search of this filter's text for one thread, or null when it has none. */
    public TextSearch textSearch(Recording recording) {
        return text == null ? null : new TextSearch(recording, text);
    }

    /** A matcher of {@link #display} for one thread, or null when there is no display filter. */
    public DisplayFilter.Matcher displayMatcher(Recording recording) {
        return display == null ? null : display.matcher(recording);
    }

    public FrameFilter withConnection(ConnectionKey value) {
        return new FrameFilter(value, streamId, typeCode, direction, text, from, to, display);
    }

    public FrameFilter withStream(Integer value) {
        return new FrameFilter(connection, value, typeCode, direction, text, from, to, display);
    }

    public FrameFilter withType(Integer value) {
        return new FrameFilter(connection, streamId, value, direction, text, from, to, display);
    }

    public FrameFilter withDirection(Direction value) {
        return new FrameFilter(connection, streamId, typeCode, value, text, from, to, display);
    }

    public FrameFilter withText(String value) {
        return new FrameFilter(connection, streamId, typeCode, direction, value, from, to, display);
    }

    /** Only frames {@code value} shows, as well as the other criteria. */
    public FrameFilter withDisplay(DisplayFilter value) {
        return new FrameFilter(connection, streamId, typeCode, direction, text, from, to, value);
    }

    /** Only frames at or after {@code start} and before {@code end} on the clock (null: unbounded). */
    public FrameFilter withTimes(Instant start, Instant end) {
        return new FrameFilter(connection, streamId, typeCode, direction, text, start, end, display);
    }

    /**
     * One end of a time range as typed: blank is none; a number is seconds since the recording started
     * ({@code startClock}); else a {@link ClockBound} read in UTC, a time of day on the date the recording starts.
     *
     * @throws IllegalArgumentException saying what is accepted, or that the recording has no clock time
     */
    public static Instant parseTime(String typed, Instant startClock) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        if (startClock == null) {
            throw new IllegalArgumentException("this recording has no clock time (it was recorded before recordings "
                    + "carried one): a time range cannot apply");
        }
        String t = typed.strip();
        if (t.matches("\\d+(\\.\\d{1,9})?")) {
            return startClock.plusNanos(new java.math.BigDecimal(t).movePointRight(9).longValueExact());
        }
        try {
            return ClockBound.parse(t).at(ZoneOffset.UTC, startClock.atZone(ZoneOffset.UTC).toLocalDate());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ", in UTC; or seconds since the recording started (12.5)");
        }
    }

    /** A stream id typed by the user: blank is any stream; otherwise 0..2^31-1 (RFC 9113 §5.1.1). */
    public static Integer parseStream(String typed) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        try {
            int id = Integer.parseInt(typed.strip());
            if (id >= 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("stream \"" + typed.strip() + "\" is not a stream id: type 0..2147483647"
                + " (0 is the connection itself, RFC 9113 §5.1.1), or leave it empty for every stream");
    }

    /** A frame type by name ("HEADERS") or code ("0x1", "1"); blank is any type. */
    public static Integer parseType(String typed) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        String t = typed.strip();
        for (FrameType type : FrameType.values()) {
            if (type.name().equalsIgnoreCase(t)) {
                return type.code();
            }
        }
        try {
            int code = t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
            if (code >= 0 && code <= 0xff) {
                return code;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("type \"" + t + "\" is not a frame type: give a name of RFC 9113 §6"
                + " (DATA, HEADERS, ...) or a type code 0..255");
    }
}
