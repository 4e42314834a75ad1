package io.h2scope.engine.core.limits;

import static io.h2scope.engine.error.ErrorCode.CANCEL;
import static io.h2scope.engine.error.ErrorCode.ENHANCE_YOUR_CALM;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.error.ErrorScope.STREAM;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The engine's own limits, one rule per {@link Limits} check: RFC 9113 §10.5 lets an endpoint treat
 * "activity that is suspicious" as a connection error ENHANCE_YOUR_CALM. Each names the limit it enforces.
 */
public enum LimitRule implements Rule {

    /** {@link Limits#rstReceivedBurst()}: RST_STREAM received too fast (Rapid Reset, CVE-2023-44487). */
    RST_STREAM_RECEIVED_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#rstSentBurst()}: too many stream errors provoked (MadeYouReset, CVE-2025-8671). */
    RST_STREAM_SENT_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#glitchBurst()}: too many frames that do no useful work. */
    USELESS_FRAME_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#maxSettingsEntries()}: a SETTINGS frame with too many entries. */
    SETTINGS_ENTRIES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#settingsBurst()}: SETTINGS received too fast. */
    SETTINGS_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#pingBurst()}: PING received too fast. */
    PING_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#maxConsecutiveEmptyData()}: empty DATA frames in a row (CVE-2019-9518). */
    EMPTY_DATA_FRAMES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#maxQueuedControlFrames()}: control frames queued that the peer does not read. */
    QUEUED_CONTROL_FRAMES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#maxContinuationFrames()}: CONTINUATION frames in one field block (the 2024 floods). */
    CONTINUATION_FRAMES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#maxHeaderBlockBytes()}: encoded octets in one field block. */
    FIELD_BLOCK_SIZE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#headerBlockTimeoutNanos()}: a field block left open too long. */
    FIELD_BLOCK_TIMEOUT(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#sendStallTimeoutNanos()}: the connection send window closed too long with DATA queued. */
    CONNECTION_SEND_STALL(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM),
    /** {@link Limits#sendStallTimeoutNanos()}: one stream without send credit too long (RFC 9113 §5.4.2 reset, CANCEL). */
    STREAM_SEND_STALL(rfc("5.4.2"), STREAM, CANCEL);


    private final RuleFacts facts;

    LimitRule(SpecRef spec, ErrorScope scope, ErrorCode code) {
        this.facts = new RuleFacts(spec, scope, code);
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc9113(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }
}
