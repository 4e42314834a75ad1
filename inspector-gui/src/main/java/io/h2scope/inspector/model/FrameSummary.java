package io.h2scope.inspector.model;

import io.h2scope.engine.trace.text.FrameDescriber;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.ClockText;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.regex.Pattern;

/** The frame list's summary and time columns: the engine's description of a frame, and when it was. */
public final class FrameSummary {

    /** What {@link Redaction#placeholder} writes: not a value, so a text filter must not find it. */
    private static final Pattern PLACEHOLDER = Pattern.compile("<redacted \\d+ bytes>");

    private FrameSummary() {
    }

    /** Frame {@code frameNumber} of {@code recording}, its values as its connection shows them. */
    public static String of(Recording recording, int frameNumber) {
        return of(recording.frame(frameNumber), redaction(recording, frameNumber));
    }

    /** Flags by name and the decoded payload; DATA bytes hidden as in the trace, values as {@code redaction} says. */
    public static String of(FrameEvent frame, Redaction redaction) {
        return FrameDescriber.summary(frame, redaction, false).strip();
    }

    /**
     * What the frame list's text filter looks in, in lower case: the summary without the placeholders of hidden values,
     * so that "bytes" or "redacted" find what a frame holds, not every credential it hid. Built from what the recording
     * keeps ({@link FrameHeads}, {@link FrameFields}, each string's lower case worked out once); only a frame it did
     * not keep is read again from its file.
     */
    public static String searchable(Recording recording, int frameNumber) {
        FrameHeads heads = recording.frameHeads();
        FrameFields fields = recording.frameFields();
        if (!heads.kept(frameNumber) || !fields.kept(frameNumber)) {
            String shown = of(recording, frameNumber);
            shown = shown.indexOf("<redacted ") < 0 ? shown : PLACEHOLDER.matcher(shown).replaceAll("");
            return shown.toLowerCase(Locale.ROOT);
        }
        String head = heads.searchedHead(frameNumber);
        int count = fields.count(frameNumber);
        if (count == 0) {
            return head.stripTrailing();
        }
        Redaction redaction = redaction(recording, frameNumber);
        StringBuilder line = new StringBuilder(head.length() + 40 * count).append(head).append('{');
        for (int i = 0; i < count; i++) {
            line.append(i == 0 ? "" : ", ").append(fields.searchedName(frameNumber, i)).append(": ");
            if (!redaction.hides(fields.name(frameNumber, i))) { // as FrameDescriber writes it, its placeholder left out
                line.append(fields.searchedValue(frameNumber, i));
            }
        }
        return line.append('}').toString();
    }

    private static Redaction redaction(Recording recording, int frameNumber) {
        return recording.connectionOf(recording.frameEvent(frameNumber)).redaction();
    }

    /** Seconds since the connection started, as the trace writes them but without its brackets: {@code 0.037581}. */
    public static String time(long nanos) {
        String bracketed = TraceText.time(nanos);
        return bracketed.substring(1, bracketed.length() - 1).strip();
    }

    /**
     * The Time column of frame {@code frameNumber}: its clock time in UTC ({@code 14:03:00.123456}) when
     * {@code clock}, else its seconds since the recording started ({@code 12.037581}); the same for every connection.
     * Only a frame whose connection's clock is not known (a recording made before recordings carried it) shows the
     * seconds since its own connection started.
     */
    public static String time(Recording recording, int frameNumber, boolean clock) {
        Instant at = recording.frameClock(frameNumber);
        Instant start = recording.startClock();
        if (at == null || start == null) {
            return time(recording.frame(frameNumber).nanosSinceStart());
        }
        return clock ? ClockText.timeOfDay(at, ZoneOffset.UTC) : time(Duration.between(start, at).toNanos());
    }
}
