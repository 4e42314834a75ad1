package io.h2scope.engine.trace.explain;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.rules.KnownRules;
import io.h2scope.engine.trace.model.Side;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * One thing that went wrong in a recording, told in words: a connection that ended other than cleanly, a stream
 * reset, a stall, an answer that never came. What {@link Explainer} makes of a recording's events, for
 * {@code trace explain} and the inspector's problems view alike (docs/TRACING.md shows it, docs/TRACE_FORMAT.md its
 * JSON form).
 *
 * @param severity        how much it matters ({@link #RANKING} puts the most severe first)
 * @param kind            what it is
 * @param connectionId    the connection
 * @param streams         the streams it concerns, lowest first, at most {@link #STREAMS_SHOWN} of them; empty for
 *                        the connection as a whole
 * @param streamCount     how many streams it concerns in all (more than {@code streams} holds for a reset storm)
 * @param by              who did it: {@link Side#LOCAL} the endpoint that recorded, {@link Side#REMOTE} its peer,
 *                        null when the recording cannot tell (the transport went away)
 * @param frame           the frame that ended the connection or stream ({@code GOAWAY}, {@code RST_STREAM}), or null
 * @param code            that frame's error code by name ({@code COMPRESSION_ERROR}), or null
 * @param rule            the rule broken, or the RFC sentence the finding rests on; null when none applies
 * @param summary         the account on one line
 * @param steps           what led to it, oldest first: the frames and events of the recording, in words
 * @param before          what else looked wrong on the connection before it, one line each (connection ends only)
 * @param viewpoint       whose recording it is
 * @param nanosSinceStart when, since the connection started
 * @param clock           when, on the clock; null for a recording without clock time
 */
public record Finding(Severity severity, Kind kind, long connectionId, List<Integer> streams, int streamCount, Side by,
        String frame, String code, RuleRef rule, String summary, List<Step> steps, List<String> before,
        Viewpoint viewpoint, long nanosSinceStart, Instant clock) {

    /** The most streams a finding lists by id (a reset storm counts the rest). */
    public static final int STREAMS_SHOWN = 10;

    /** Most severe first, then earliest (on the clock where known, else since the connection's start), then by connection. */
    public static final Comparator<Finding> RANKING = Comparator.comparing(Finding::severity)
            .thenComparing(Finding::clock, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparingLong(Finding::nanosSinceStart)
            .thenComparingLong(Finding::connectionId);

    public Finding {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(summary, "summary");
        streams = List.copyOf(streams);
        steps = List.copyOf(steps);
        before = List.copyOf(before);
    }

    /** What a finding is about; {@link #id()} names it in JSON. */
    public enum Kind {
        /** The connection ended other than cleanly ({@code ConnectionClosed#endedCleanly}, or a GOAWAY with an error). */
        CONNECTION_ENDED,
        /** One stream reset, or a run of streams reset alike (same side, same code, same rule). */
        STREAM_RESET,
        /** A flow-control window at zero (or below) for at least the stall time. */
        WINDOW_STALL,
        /** SETTINGS acknowledged late, or never. */
        SETTINGS_UNACKNOWLEDGED,
        /** A PING answered late, or never. */
        PING_UNANSWERED,
        /** A GOAWAY whose last stream id is below streams still in use. */
        GOAWAY_LEFT_STREAMS,
        /** The connection was closed for being idle. */
        IDLE_TIMEOUT;

        /** {@code connection_ended}. */
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * The rule a finding names, or the RFC sentence it rests on.
     *
     * @param id       the rule's stable id ({@code hpack/index-out-of-range}), or null for a sentence that is no rule
     * @param spec     the section ({@code RFC 7541 §2.3.3})
     * @param sentence the section's sentence, as the RFC words it; null when not known (a rule id this build lacks)
     */
    public record RuleRef(String id, String spec, String sentence) {

        /** The rule of id {@code id}: its own section and sentence when this build knows it, else {@code spec}. */
        public static RuleRef of(String id, String spec) {
            return KnownRules.byId(id).map(r -> of(id, r)).orElseGet(() -> new RuleRef(id, spec, null));
        }

        private static RuleRef of(String id, Rule rule) {
            return new RuleRef(id, rule.spec().toString(), rule.sentence());
        }

        /** A sentence that is no rule. */
        public static RuleRef of(SpecQuote quote) {
            return new RuleRef(null, quote.spec().toString(), quote.sentence());
        }

        /** What RFC 9113 §7 says an error code means. */
        public static RuleRef ofCode(long code) {
            return new RuleRef(null, ErrorCode.SECTION, ErrorCode.meaningOf(code));
        }
    }

    /**
     * One thing that led to a finding.
     *
     * @param nanosSinceStart when, since the connection started
     * @param clock           when, on the clock; null without clock time
     * @param text            what happened, in words
     */
    public record Step(long nanosSinceStart, Instant clock, String text) {
    }

    /**
     * Whose recording a finding comes from: which side's point of view "we" and "the peer" are told from.
     *
     * @param role   the recording endpoint's role; null when its opening is not in the recording
     * @param local  its address, or null
     * @param remote the peer's address, or null
     * @param pair   for one leg of a proxied pair, the other leg's connection id; -1 otherwise
     */
    public record Viewpoint(Role role, String local, String remote, long pair) {

        /** Nothing known (a recording that began after the connection opened). */
        public static final Viewpoint UNKNOWN = new Viewpoint(null, null, null, -1);

        /** Whether the recording is one leg of a connection relayed by {@code h2scope proxy}. */
        public boolean proxied() {
            return pair >= 0;
        }
    }
}
