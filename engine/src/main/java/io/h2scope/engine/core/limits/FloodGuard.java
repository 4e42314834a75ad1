package io.h2scope.engine.core.limits;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.H2Errors;

/**
 * The rate and flood limits of one connection (RFC 9113 §10.5), on passed-in time. Each
 * {@code on...} method counts one event and throws {@link ConnectionError} ENHANCE_YOUR_CALM when
 * it is over its {@link Limits}: the connection answers with GOAWAY and closes. Single-threaded.
 */
public final class FloodGuard {

    private final Limits limits;
    private final TokenBucket rstReceived;
    private final TokenBucket rstSent;
    private final TokenBucket glitches;
    private final TokenBucket settings;
    private final TokenBucket pings;
    private int consecutiveEmptyData;

    public FloodGuard(Limits limits, long nowNanos) {
        this.limits = limits;
        this.rstReceived = TokenBucket.perSecond(limits.rstReceivedBurst(), limits.rstReceivedPerSecond(), nowNanos);
        this.rstSent = new TokenBucket(limits.rstSentBurst(), limits.rstSentBurst(), limits.rstSentWindowNanos(), nowNanos);
        this.glitches = TokenBucket.perSecond(limits.glitchBurst(), limits.glitchPerSecond(), nowNanos);
        this.settings = TokenBucket.perSecond(limits.settingsBurst(), limits.settingsPerSecond(), nowNanos);
        this.pings = TokenBucket.perSecond(limits.pingBurst(), limits.pingPerSecond(), nowNanos);
    }

    /** A RST_STREAM from the peer (Rapid Reset, CVE-2023-44487). */
    public void onRstReceived(long nowNanos) {
        if (!rstReceived.tryTake(nowNanos)) {
            throw H2Errors.connection(LimitRule.RST_STREAM_RECEIVED_RATE, "RST_STREAM received faster than " + limits.rstReceivedBurst() + " burst / "
                    + limits.rstReceivedPerSecond() + " per s (Rapid Reset)");
        }
    }

    /** A RST_STREAM we send because the peer broke a stream rule (MadeYouReset, CVE-2025-8671). */
    public void onRstSent(long nowNanos) {
        if (!rstSent.tryTake(nowNanos)) {
            throw H2Errors.connection(LimitRule.RST_STREAM_SENT_RATE, "the peer provoked more than " + limits.rstSentBurst() + " stream errors per "
                    + limits.rstSentWindowNanos() / 1_000_000 + " ms (MadeYouReset)");
        }
    }

    /** A frame that does no useful work: empty CONTINUATION, PRIORITY, unknown type, frame on a closed stream. */
    public void onGlitch(long nowNanos, String what) {
        if (!glitches.tryTake(nowNanos)) {
            throw H2Errors.connection(LimitRule.USELESS_FRAME_RATE, "too many useless frames (" + what + "): over " + limits.glitchBurst() + " burst / "
                    + limits.glitchPerSecond() + " per s");
        }
    }

    /** A SETTINGS frame (not an ACK) with {@code entries} settings. */
    public void onSettings(long nowNanos, int entries) {
        if (entries > limits.maxSettingsEntries()) {
            throw H2Errors.connection(LimitRule.SETTINGS_ENTRIES, "SETTINGS frame with " + entries + " entries, more than " + limits.maxSettingsEntries());
        }
        if (!settings.tryTake(nowNanos)) {
            throw H2Errors.connection(LimitRule.SETTINGS_RATE, "SETTINGS received faster than " + limits.settingsBurst() + " burst / "
                    + limits.settingsPerSecond() + " per s");
        }
    }

    /** A PING (not an ACK). */
    public void onPing(long nowNanos) {
        if (!pings.tryTake(nowNanos)) {
            throw H2Errors.connection(LimitRule.PING_RATE, "PING received faster than " + limits.pingBurst() + " burst / " + limits.pingPerSecond() + " per s");
        }
    }

    /** A DATA frame: empty ones without END_STREAM in a row are a flood (CVE-2019-9518). */
    public void onData(int payloadLength, boolean endStream) {
        if (payloadLength > 0 || endStream) {
            consecutiveEmptyData = 0;
            return;
        }
        if (++consecutiveEmptyData > limits.maxConsecutiveEmptyData()) {
            throw H2Errors.connection(LimitRule.EMPTY_DATA_FRAMES, consecutiveEmptyData + " consecutive empty DATA frames without END_STREAM");
        }
    }

    /** Control frames written and not yet drained by the transport (a peer that never reads, SEC-05, SEC-07, SEC-08). */
    public void checkQueuedControlFrames(int queued) {
        if (queued > limits.maxQueuedControlFrames()) {
            throw H2Errors.connection(LimitRule.QUEUED_CONTROL_FRAMES, queued + " control frames queued unread, more than " + limits.maxQueuedControlFrames()
                    + " (the peer does not read)");
        }
    }
}
