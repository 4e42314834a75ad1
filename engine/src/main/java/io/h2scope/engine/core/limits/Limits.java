package io.h2scope.engine.core.limits;

import java.time.Duration;

/**
 * Every limit the connection enforces, each with a name and a documented default. Defaults follow what
 * well-known servers set for the same limit unless marked <i>ours</i>; docs/SECURITY.md names the attack
 * ({@code SEC-nn}) each one bounds. The defaults and the values each limit may take are listed once, in
 * {@link Limit}. Made with {@link #builder()}
 * ({@code Limits.builder().maxConcurrentStreams(200).build()}) or {@link #toBuilder()}.
 * Flood limits end the connection with GOAWAY ENHANCE_YOUR_CALM (RFC 9113 §10.5: "MAY treat
 * suspicious activity as a connection error ... of type ENHANCE_YOUR_CALM").
 *
 * @param maxConcurrentStreams      our SETTINGS_MAX_CONCURRENT_STREAMS, enforced from the first HEADERS,
 *                                  ACK or not (SEC-16); excess streams get RST_STREAM REFUSED_STREAM. Default 100
 * @param maxHeaderListSize         our SETTINGS_MAX_HEADER_LIST_SIZE (name + value + 32 per field). Default 16 KiB
 * @param maxFrameSize              our SETTINGS_MAX_FRAME_SIZE (2^14..2^24-1). Default 16,384 (RFC initial value; ours)
 * @param maxRequestBodyBytes       largest request body a server accepts, checked against content-length at
 *                                  HEADERS time and against DATA as it arrives; over it the server answers 413
 *                                  (or resets the stream with CANCEL once a response was sent). Default 64 MiB (ours)
 * @param rstReceivedBurst          RST_STREAM frames received, bucket size (Rapid Reset, SEC-13). Default 1000
 * @param rstReceivedPerSecond      ... refill per second. Default 33
 * @param rstSentBurst              RST_STREAM frames we send for the peer's stream errors (MadeYouReset,
 *                                  SEC-15), bucket size. Default 200
 * @param rstSentWindowNanos        ... refilled by {@code rstSentBurst} per this window. Default 30 s
 * @param glitchBurst               "glitches" (empty CONTINUATION, frames on closed streams, PRIORITY (SEC-06),
 *                                  unknown frames), bucket size. Default 10,000
 * @param glitchPerSecond           ... refill per second. Default 330
 * @param maxConsecutiveEmptyData   consecutive empty DATA frames without END_STREAM (SEC-11). Default 2
 * @param settingsBurst             SETTINGS frames received, bucket size (SEC-08). Default 100 (ours)
 * @param settingsPerSecond         ... refill per second. Default 10 (ours)
 * @param maxSettingsEntries        entries in one SETTINGS frame (CVE-2020-11080). Default 32
 * @param pingBurst                 PING frames received, bucket size (SEC-05). Default 1000 (ours)
 * @param pingPerSecond             ... refill per second. Default 128 (ours; Jetty's 128 events/s)
 * @param maxQueuedControlFrames    control frames we wrote (PING/SETTINGS ACK, RST_STREAM, WINDOW_UPDATE) that
 *                                  the transport has not drained yet; one more closes the connection. Default 10,000
 * @param maxContinuationFrames     CONTINUATION frames in one field block (SEC-14). Default 8
 * @param maxHeaderBlockBytes       encoded bytes of one field block, all fragments. Default 2 x maxHeaderListSize
 * @param maxOutputBufferBytes      DATA is produced only while less than this is waiting to be drained
 *                                  (SEC-10, CVE-2019-9517). Default 1 MiB
 * @param settingsAckTimeoutNanos   how long our SETTINGS may wait for an ACK before GOAWAY SETTINGS_TIMEOUT
 *                                  (RFC 9113 §6.5.3). Default 10 s
 * @param sendStallTimeoutNanos     longest time DATA may wait for send credit: a stream whose window (or the
 *                                  least frame {@link io.h2scope.engine.flow.OutboundFlow#sendFloor} worth
 *                                  sending) stays closed this long is reset with CANCEL, a connection whose
 *                                  window does gets GOAWAY ENHANCE_YOUR_CALM (SEC-12). 0 = off. Default 60 s
 *                                  (<i>ours</i>: nginx's send_timeout)
 * @param headerBlockTimeoutNanos   longest time from a HEADERS or PUSH_PROMISE without END_HEADERS to the
 *                                  CONTINUATION that ends its field block; then GOAWAY ENHANCE_YOUR_CALM (the
 *                                  block cannot be dropped: HPACK state, RFC 9113 §4.3, §10.5.1). 0 = off.
 *                                  Default 10 s (<i>ours</i>: the handshake timeout, h2o's 10 s)
 * @param minRequestBodyRate        a server's request body must average at least this many octets per second
 *                                  after {@code requestBodyGraceNanos}, not counting time our own receive
 *                                  window was closed; else 408 (or RST_STREAM CANCEL once a response began).
 *                                  0 = off. Default 500 (<i>ours</i>: Apache mod_reqtimeout's MinRate)
 * @param requestBodyGraceNanos     the time a request body has before the rate counts: the body must be in
 *                                  by grace + received / rate. Default 20 s (<i>ours</i>: mod_reqtimeout's body=20)
 */
public record Limits(
        int maxConcurrentStreams,
        int maxHeaderListSize,
        int maxFrameSize,
        long maxRequestBodyBytes,
        int rstReceivedBurst,
        int rstReceivedPerSecond,
        int rstSentBurst,
        long rstSentWindowNanos,
        int glitchBurst,
        int glitchPerSecond,
        int maxConsecutiveEmptyData,
        int settingsBurst,
        int settingsPerSecond,
        int maxSettingsEntries,
        int pingBurst,
        int pingPerSecond,
        int maxQueuedControlFrames,
        int maxContinuationFrames,
        int maxHeaderBlockBytes,
        int maxOutputBufferBytes,
        long settingsAckTimeoutNanos,
        long sendStallTimeoutNanos,
        long headerBlockTimeoutNanos,
        int minRequestBodyRate,
        long requestBodyGraceNanos) {

    /** The defaults listed above ({@link Limit#defaultValue()}). */
    public static final Limits DEFAULTS = builder().build();

    public Limits {
        // the components in Limit order (LimitsBuilderTest holds the two orders equal); the fields are not set yet
        long[] given = {maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate,
                requestBodyGraceNanos};
        for (Limit limit : Limit.values()) {
            limit.check(given[limit.ordinal()]);
        }
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these limits, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        for (Limit limit : Limit.values()) {
            b.values[limit.ordinal()] = limit.valueIn(this);
        }
        b.headerBlockBytesSet = true;
        return b;
    }

    /**
     * Limits one at a time, each checked as it is set ({@link Limit#check}). {@code maxHeaderBlockBytes}
     * follows {@code maxHeaderListSize} (twice it) until it is set itself.
     */
    public static final class Builder {

        private final long[] values = new long[Limit.values().length];
        private boolean headerBlockBytesSet;

        private Builder() {
            for (Limit limit : Limit.values()) {
                values[limit.ordinal()] = limit.defaultValue();
            }
        }

        /** Sets {@code limit} to {@code value}; a value outside its range is an IllegalArgumentException. */
        public Builder set(Limit limit, long value) {
            values[limit.ordinal()] = limit.check(value);
            if (limit == Limit.MAX_HEADER_BLOCK_BYTES) {
                headerBlockBytesSet = true;
            }
            return this;
        }

        /** The value {@code limit} has now. */
        public long get(Limit limit) {
            return values[limit.ordinal()];
        }

        public Builder maxConcurrentStreams(int v) {
            return set(Limit.MAX_CONCURRENT_STREAMS, v);
        }

        public Builder maxHeaderListSize(int v) {
            return set(Limit.MAX_HEADER_LIST_SIZE, v);
        }

        public Builder maxFrameSize(int v) {
            return set(Limit.MAX_FRAME_SIZE, v);
        }

        public Builder maxRequestBodyBytes(long v) {
            return set(Limit.MAX_REQUEST_BODY_BYTES, v);
        }

        /** The received RST_STREAM bucket (Rapid Reset): its size and refill per second. */
        public Builder rstReceived(int burst, int perSecond) {
            return set(Limit.RST_RECEIVED_BURST, burst).set(Limit.RST_RECEIVED_PER_SECOND, perSecond);
        }

        /** The sent RST_STREAM bucket (MadeYouReset): its size, refilled whole per window. */
        public Builder rstSent(int burst, Duration window) {
            return set(Limit.RST_SENT_BURST, burst).set(Limit.RST_SENT_WINDOW, window.toNanos());
        }

        /** The glitch bucket: its size and refill per second. */
        public Builder glitches(int burst, int perSecond) {
            return set(Limit.GLITCH_BURST, burst).set(Limit.GLITCH_PER_SECOND, perSecond);
        }

        public Builder maxConsecutiveEmptyData(int v) {
            return set(Limit.MAX_CONSECUTIVE_EMPTY_DATA, v);
        }

        /** The received SETTINGS bucket: its size and refill per second. */
        public Builder settingsRate(int burst, int perSecond) {
            return set(Limit.SETTINGS_BURST, burst).set(Limit.SETTINGS_PER_SECOND, perSecond);
        }

        public Builder maxSettingsEntries(int v) {
            return set(Limit.MAX_SETTINGS_ENTRIES, v);
        }

        /** The received PING bucket: its size and refill per second. */
        public Builder pingRate(int burst, int perSecond) {
            return set(Limit.PING_BURST, burst).set(Limit.PING_PER_SECOND, perSecond);
        }

        public Builder maxQueuedControlFrames(int v) {
            return set(Limit.MAX_QUEUED_CONTROL_FRAMES, v);
        }

        public Builder maxContinuationFrames(int v) {
            return set(Limit.MAX_CONTINUATION_FRAMES, v);
        }

        public Builder maxHeaderBlockBytes(int v) {
            return set(Limit.MAX_HEADER_BLOCK_BYTES, v);
        }

        public Builder maxOutputBufferBytes(int v) {
            return set(Limit.MAX_OUTPUT_BUFFER_BYTES, v);
        }

        public Builder settingsAckTimeout(Duration v) {
            return set(Limit.SETTINGS_ACK_TIMEOUT, v.toNanos());
        }

        /** The send stall timeout (stream and connection); zero is off. */
        public Builder sendStallTimeout(Duration v) {
            return set(Limit.SEND_STALL_TIMEOUT, v.toNanos());
        }

        /** The field block completion deadline; zero is off. */
        public Builder headerBlockTimeout(Duration v) {
            return set(Limit.HEADER_BLOCK_TIMEOUT, v.toNanos());
        }

        /** The request body minimum rate (octets per second, 0 = off) and the grace before it counts. */
        public Builder minRequestBodyRate(int octetsPerSecond, Duration grace) {
            return set(Limit.MIN_REQUEST_BODY_RATE, octetsPerSecond).set(Limit.REQUEST_BODY_GRACE, grace.toNanos());
        }

        public Limits build() {
            long blockBytes = headerBlockBytesSet ? get(Limit.MAX_HEADER_BLOCK_BYTES)
                    : Math.min(Integer.MAX_VALUE, 2 * get(Limit.MAX_HEADER_LIST_SIZE));
            return new Limits(i(Limit.MAX_CONCURRENT_STREAMS), i(Limit.MAX_HEADER_LIST_SIZE), i(Limit.MAX_FRAME_SIZE),
                    get(Limit.MAX_REQUEST_BODY_BYTES), i(Limit.RST_RECEIVED_BURST), i(Limit.RST_RECEIVED_PER_SECOND),
                    i(Limit.RST_SENT_BURST), get(Limit.RST_SENT_WINDOW), i(Limit.GLITCH_BURST),
                    i(Limit.GLITCH_PER_SECOND), i(Limit.MAX_CONSECUTIVE_EMPTY_DATA), i(Limit.SETTINGS_BURST),
                    i(Limit.SETTINGS_PER_SECOND), i(Limit.MAX_SETTINGS_ENTRIES), i(Limit.PING_BURST),
                    i(Limit.PING_PER_SECOND), i(Limit.MAX_QUEUED_CONTROL_FRAMES), i(Limit.MAX_CONTINUATION_FRAMES),
                    (int) blockBytes, i(Limit.MAX_OUTPUT_BUFFER_BYTES), get(Limit.SETTINGS_ACK_TIMEOUT),
                    get(Limit.SEND_STALL_TIMEOUT), get(Limit.HEADER_BLOCK_TIMEOUT), i(Limit.MIN_REQUEST_BODY_RATE),
                    get(Limit.REQUEST_BODY_GRACE));
        }

        /** An int limit's value; its range ({@link Limit#max()}) keeps it within int. */
        private int i(Limit limit) {
            return Math.toIntExact(get(limit));
        }
    }
}
