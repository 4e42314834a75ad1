package io.h2scope.engine.core.limits;

import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The one list of the connection's limits: for each, its name (the {@link Limits} component), what kind of
 * value it is, its default and the values it may take. {@link Limits} checks itself against this list, its
 * {@link Limits.Builder} starts from these defaults, and the server's config file and command line take
 * their option names, defaults and ranges from here. What each limit does: {@link Limits}.
 */
public enum Limit {
    MAX_CONCURRENT_STREAMS("maxConcurrentStreams", Unit.COUNT, 100, 1, Integer.MAX_VALUE, Limits::maxConcurrentStreams,
            "our SETTINGS_MAX_CONCURRENT_STREAMS, enforced before the ACK; more streams get RST_STREAM REFUSED_STREAM"),
    MAX_HEADER_LIST_SIZE("maxHeaderListSize", Unit.OCTETS, 16 * 1024, 1, Integer.MAX_VALUE, Limits::maxHeaderListSize,
            "our SETTINGS_MAX_HEADER_LIST_SIZE (name + value + 32 per field); over it a 431 response"),
    /** RFC 9113 §4.2: SETTINGS_MAX_FRAME_SIZE is 2^14..2^24-1. */
    MAX_FRAME_SIZE("maxFrameSize", Unit.OCTETS, 16_384, 16_384, 16_777_215, Limits::maxFrameSize,
            "our SETTINGS_MAX_FRAME_SIZE; a larger frame is a FRAME_SIZE_ERROR"),
    MAX_REQUEST_BODY_BYTES("maxRequestBodyBytes", Unit.OCTETS, 64L * 1024 * 1024, 1, Long.MAX_VALUE,
            Limits::maxRequestBodyBytes,
            "largest request body (content-length or DATA received); over it 413"),
    RST_RECEIVED_BURST("rstReceivedBurst", Unit.COUNT, 1000, 1, Integer.MAX_VALUE, Limits::rstReceivedBurst,
            "RST_STREAM frames received, bucket size (Rapid Reset); then GOAWAY ENHANCE_YOUR_CALM"),
    RST_RECEIVED_PER_SECOND("rstReceivedPerSecond", Unit.COUNT, 33, 0, Integer.MAX_VALUE, Limits::rstReceivedPerSecond,
            "refill of the received RST_STREAM bucket per second"),
    RST_SENT_BURST("rstSentBurst", Unit.COUNT, 200, 1, Integer.MAX_VALUE, Limits::rstSentBurst,
            "RST_STREAM frames we send for the peer's stream errors, bucket size (MadeYouReset)"),
    RST_SENT_WINDOW("rstSentWindowNanos", Unit.NANOS, 30_000_000_000L, 1, Long.MAX_VALUE, Limits::rstSentWindowNanos,
            "the sent RST_STREAM bucket is refilled whole once per this"),
    GLITCH_BURST("glitchBurst", Unit.COUNT, 10_000, 1, Integer.MAX_VALUE, Limits::glitchBurst,
            "glitches (empty CONTINUATION, frames on closed streams, PRIORITY, unknown frames, tiny credits), bucket size"),
    GLITCH_PER_SECOND("glitchPerSecond", Unit.COUNT, 330, 0, Integer.MAX_VALUE, Limits::glitchPerSecond,
            "refill of the glitch bucket per second"),
    MAX_CONSECUTIVE_EMPTY_DATA("maxConsecutiveEmptyData", Unit.COUNT, 2, 1, Integer.MAX_VALUE,
            Limits::maxConsecutiveEmptyData,
            "consecutive empty DATA frames without END_STREAM; one more is ENHANCE_YOUR_CALM"),
    SETTINGS_BURST("settingsBurst", Unit.COUNT, 100, 1, Integer.MAX_VALUE, Limits::settingsBurst,
            "SETTINGS frames received, bucket size (SETTINGS flood)"),
    SETTINGS_PER_SECOND("settingsPerSecond", Unit.COUNT, 10, 0, Integer.MAX_VALUE, Limits::settingsPerSecond,
            "refill of the SETTINGS bucket per second"),
    MAX_SETTINGS_ENTRIES("maxSettingsEntries", Unit.COUNT, 32, 1, Integer.MAX_VALUE, Limits::maxSettingsEntries,
            "entries in one SETTINGS frame"),
    PING_BURST("pingBurst", Unit.COUNT, 1000, 1, Integer.MAX_VALUE, Limits::pingBurst,
            "PING frames received, bucket size (PING flood)"),
    PING_PER_SECOND("pingPerSecond", Unit.COUNT, 128, 0, Integer.MAX_VALUE, Limits::pingPerSecond,
            "refill of the PING bucket per second"),
    MAX_QUEUED_CONTROL_FRAMES("maxQueuedControlFrames", Unit.COUNT, 10_000, 1, Integer.MAX_VALUE,
            Limits::maxQueuedControlFrames,
            "control frames written and not yet drained (a peer that never reads); one more closes"),
    MAX_CONTINUATION_FRAMES("maxContinuationFrames", Unit.COUNT, 8, 1, Integer.MAX_VALUE, Limits::maxContinuationFrames,
            "CONTINUATION frames in one field block (CONTINUATION flood)"),
    /** Default twice {@link #MAX_HEADER_LIST_SIZE}: the builder keeps it so unless it is set itself. */
    MAX_HEADER_BLOCK_BYTES("maxHeaderBlockBytes", Unit.OCTETS, 32 * 1024, 1, Integer.MAX_VALUE,
            Limits::maxHeaderBlockBytes,
            "encoded octets of one field block, all fragments (default twice max-header-list-size)"),
    MAX_OUTPUT_BUFFER_BYTES("maxOutputBufferBytes", Unit.OCTETS, 1024 * 1024, 1, Integer.MAX_VALUE,
            Limits::maxOutputBufferBytes,
            "DATA is produced only while less than this waits to be drained"),
    SETTINGS_ACK_TIMEOUT("settingsAckTimeoutNanos", Unit.NANOS, 10_000_000_000L, 1, Long.MAX_VALUE,
            Limits::settingsAckTimeoutNanos,
            "our SETTINGS unacknowledged this long: GOAWAY SETTINGS_TIMEOUT"),
    SEND_STALL_TIMEOUT("sendStallTimeoutNanos", Unit.NANOS, 60_000_000_000L, 0, Long.MAX_VALUE,
            Limits::sendStallTimeoutNanos,
            "DATA waiting this long on a closed flow-control window: the stream is reset (CANCEL), a closed connection window ends the connection; 0 is off"),
    HEADER_BLOCK_TIMEOUT("headerBlockTimeoutNanos", Unit.NANOS, 10_000_000_000L, 0, Long.MAX_VALUE,
            Limits::headerBlockTimeoutNanos,
            "a HEADERS without END_HEADERS must see its last CONTINUATION within this, else GOAWAY; 0 is off"),
    MIN_REQUEST_BODY_RATE("minRequestBodyRate", Unit.COUNT, 500, 0, Integer.MAX_VALUE, Limits::minRequestBodyRate,
            "after request-body-grace a request body must average this many octets per second (time our own window was closed not counted), else 408; 0 is off"),
    REQUEST_BODY_GRACE("requestBodyGraceNanos", Unit.NANOS, 20_000_000_000L, 0, Long.MAX_VALUE,
            Limits::requestBodyGraceNanos,
            "the time a request body has before min-request-body-rate counts");

    /** What a limit's number counts. */
    public enum Unit {
        /** frames, streams, entries, or events per second */
        COUNT,
        OCTETS,
        /** a duration, in nanoseconds */
        NANOS
    }

    private final String limitName;
    private final Unit unit;
    private final long defaultValue;
    private final long min;
    private final long max;
    private final ToLongFunction<Limits> read;
    private final String summary;

    Limit(String limitName, Unit unit, long defaultValue, long min, long max, ToLongFunction<Limits> read,
            String summary) {
        this.summary = summary;
        this.limitName = limitName;
        this.unit = unit;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.read = read;
    }

    /** The {@link Limits} component, e.g. {@code maxConcurrentStreams}. */
    public String limitName() {
        return limitName;
    }

    /**
     * The option name in a config file or on the command line: the name in kebab case without the unit
     * suffix, e.g. {@code max-concurrent-streams}, {@code send-stall-timeout}.
     */
    public String key() {
        String base = limitName.endsWith("Nanos") ? limitName.substring(0, limitName.length() - 5) : limitName;
        return base.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** What the limit bounds and what happens over it, in one line (for --help and docs). */
    public String summary() {
        return summary;
    }

    public Unit unit() {
        return unit;
    }

    public long defaultValue() {
        return defaultValue;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    /** Zero switches this limit off (a timeout, or the minimum body rate). */
    public boolean zeroIsOff() {
        return this == SEND_STALL_TIMEOUT || this == HEADER_BLOCK_TIMEOUT || this == MIN_REQUEST_BODY_RATE;
    }

    /** This limit's value in {@code limits}. */
    public long valueIn(Limits limits) {
        return read.applyAsLong(limits);
    }

    /** What may be given, e.g. ">= 1", ">= 0 (0 = off)", "16384..16777215 (RFC 9113 §4.2)". */
    public String allowed() {
        if (max < Integer.MAX_VALUE) {
            return min + ".." + max + (this == MAX_FRAME_SIZE ? " (RFC 9113 §4.2)" : "");
        }
        return ">= " + min + (zeroIsOff() ? " (0 = off)" : "");
    }

    /** {@code value} if this limit takes it, else an IllegalArgumentException naming the limit and the range. */
    public long check(long value) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(limitName + " must be " + allowed() + ", got " + value);
        }
        return value;
    }
}
