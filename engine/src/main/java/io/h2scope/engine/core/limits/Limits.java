package io.h2scope.engine.core.limits;

/**
 * Every limit the connection enforces, each with a name and a documented default. Defaults come
 * from /work/shared/H2-ATTACKS.md §3 "Proposed limits for our engine" unless marked <i>ours</i>.
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
 * @param glitchBurst               "glitches" (empty CONTINUATION, frames on closed streams, PRIORITY, unknown
 *                                  frames), bucket size. Default 10,000
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

    /** The defaults listed above. */
    public static final Limits DEFAULTS = new Limits(100, 16 * 1024, 16_384, 64L * 1024 * 1024,
            1000, 33, 200, 30_000_000_000L, 10_000, 330, 2, 100, 10, 32, 1000, 128, 10_000, 8, 32 * 1024,
            1024 * 1024, 10_000_000_000L, 60_000_000_000L, 10_000_000_000L, 500, 20_000_000_000L);

    public Limits {
        positive("maxConcurrentStreams", maxConcurrentStreams);
        positive("maxHeaderListSize", maxHeaderListSize);
        if (maxFrameSize < 16_384 || maxFrameSize > 16_777_215) {
            throw new IllegalArgumentException("maxFrameSize must be 16384..16777215 (RFC 9113 §4.2), got " + maxFrameSize);
        }
        positive("maxRequestBodyBytes", maxRequestBodyBytes);
        positive("rstReceivedBurst", rstReceivedBurst);
        positive("rstSentBurst", rstSentBurst);
        positive("rstSentWindowNanos", rstSentWindowNanos);
        positive("glitchBurst", glitchBurst);
        positive("maxConsecutiveEmptyData", maxConsecutiveEmptyData);
        positive("settingsBurst", settingsBurst);
        positive("maxSettingsEntries", maxSettingsEntries);
        positive("pingBurst", pingBurst);
        positive("maxQueuedControlFrames", maxQueuedControlFrames);
        positive("maxContinuationFrames", maxContinuationFrames);
        positive("maxHeaderBlockBytes", maxHeaderBlockBytes);
        positive("maxOutputBufferBytes", maxOutputBufferBytes);
        positive("settingsAckTimeoutNanos", settingsAckTimeoutNanos);
        notNegative("sendStallTimeoutNanos", sendStallTimeoutNanos);
        notNegative("headerBlockTimeoutNanos", headerBlockTimeoutNanos);
        notNegative("minRequestBodyRate", minRequestBodyRate);
        notNegative("requestBodyGraceNanos", requestBodyGraceNanos);
        if (rstReceivedPerSecond < 0 || glitchPerSecond < 0 || settingsPerSecond < 0 || pingPerSecond < 0) {
            throw new IllegalArgumentException("refill rates must be >= 0");
        }
    }

    private static void notNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0 (0 = off), got " + value);
        }
    }

    private static void positive(String name, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + value);
        }
    }

    public Limits withMaxConcurrentStreams(int v) {
        return new Limits(v, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    /** Sets the header list size and, with it, the block-bytes cap to twice that. */
    public Limits withMaxHeaderListSize(int v) {
        return new Limits(maxConcurrentStreams, v, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, 2 * v, maxOutputBufferBytes, settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withMaxRequestBodyBytes(long v) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, v, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withRstReceived(int burst, int perSecond) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, burst,
                perSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withRstSent(int burst, long windowNanos) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, burst, windowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withGlitches(int burst, int perSecond) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, burst, perSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withSettingsRate(int burst, int perSecond) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, burst, perSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withPingRate(int burst, int perSecond) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, burst, perSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withMaxQueuedControlFrames(int v) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                v, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes, settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    public Limits withMaxOutputBufferBytes(int v) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, v, settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos, minRequestBodyRate, requestBodyGraceNanos);
    }

    /** The send stall timeout (stream and connection); 0 = off. */
    public Limits withSendStallTimeoutNanos(long v) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, v, headerBlockTimeoutNanos, minRequestBodyRate,
                requestBodyGraceNanos);
    }

    /** The field block completion deadline; 0 = off. */
    public Limits withHeaderBlockTimeoutNanos(long v) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, v, minRequestBodyRate,
                requestBodyGraceNanos);
    }

    /** The request body minimum rate (octets per second, 0 = off) and the grace before it counts. */
    public Limits withMinRequestBodyRate(int octetsPerSecond, long graceNanos) {
        return new Limits(maxConcurrentStreams, maxHeaderListSize, maxFrameSize, maxRequestBodyBytes, rstReceivedBurst,
                rstReceivedPerSecond, rstSentBurst, rstSentWindowNanos, glitchBurst, glitchPerSecond,
                maxConsecutiveEmptyData, settingsBurst, settingsPerSecond, maxSettingsEntries, pingBurst, pingPerSecond,
                maxQueuedControlFrames, maxContinuationFrames, maxHeaderBlockBytes, maxOutputBufferBytes,
                settingsAckTimeoutNanos, sendStallTimeoutNanos, headerBlockTimeoutNanos,
                octetsPerSecond, graceNanos);
    }
}
