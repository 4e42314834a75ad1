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
    RST_STREAM_RECEIVED_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.SUSPICIOUS),
    /** {@link Limits#rstSentBurst()}: too many stream errors provoked (MadeYouReset, CVE-2025-8671). */
    RST_STREAM_SENT_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            "An invalid request (or server push) can cause a peer to send RST_STREAM frames in response."),
    /** {@link Limits#glitchBurst()}: too many frames that do no useful work. */
    USELESS_FRAME_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.SMALL),
    /** {@link Limits#maxSettingsEntries()}: a SETTINGS frame with too many entries. */
    SETTINGS_ENTRIES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            "The SETTINGS frame might also be abused to cause a peer to expend additional processing time. "
                + "This might be done by pointlessly changing settings, sending multiple undefined settings, or "
                + "changing the same setting multiple times in the same frame."),
    /** {@link Limits#settingsBurst()}: SETTINGS received too fast. */
    SETTINGS_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            "The SETTINGS frame might also be abused to cause a peer to expend additional processing time."),
    /** {@link Limits#pingBurst()}: PING received too fast. */
    PING_RATE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.SUSPICIOUS),
    /** {@link Limits#maxConsecutiveEmptyData()}: empty DATA frames in a row (CVE-2019-9518). */
    EMPTY_DATA_FRAMES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.SMALL),
    /** {@link Limits#maxQueuedControlFrames()}: control frames queued that the peer does not read. */
    QUEUED_CONTROL_FRAMES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            "Inefficient tracking of outstanding outbound frames can lead to overload if an adversary can "
                + "cause large numbers of frames to be enqueued for sending."),
    /** {@link Limits#maxContinuationFrames()}: CONTINUATION frames in one field block (the 2024 floods). */
    CONTINUATION_FRAMES(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.COMPRESSION),
    /** {@link Limits#maxHeaderBlockBytes()}: encoded octets in one field block. */
    FIELD_BLOCK_SIZE(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.COMPRESSION),
    /** {@link Limits#headerBlockTimeoutNanos()}: a field block left open too long. */
    FIELD_BLOCK_TIMEOUT(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.SUSPICIOUS),
    /** {@link Limits#sendStallTimeoutNanos()}: the connection send window closed too long with DATA queued. */
    CONNECTION_SEND_STALL(rfc("10.5"), CONNECTION, ENHANCE_YOUR_CALM,
            Quote.SUSPICIOUS),
    /**
     * {@link Limits#maxHeaderListSize()}: a response header list over our SETTINGS_MAX_HEADER_LIST_SIZE (an HPACK bomb,
     * RFC 9113 §10.5.1); the client resets that stream with CANCEL (a server answers a request over it with 431).
     */
    HEADER_LIST_SIZE(rfc("10.5.1"), STREAM, CANCEL,
            "A client can discard responses that it cannot process."),
    /** {@link Limits#sendStallTimeoutNanos()}: one stream without send credit too long (RFC 9113 §5.4.2 reset, CANCEL). */
    STREAM_SEND_STALL(rfc("5.4.2"), STREAM, CANCEL,
            "A stream error is an error related to a specific stream that does not affect processing of "
                + "other streams.");


    private final RuleFacts facts;

    LimitRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
        this.facts = new RuleFacts(spec, scope, code, sentence);
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc9113(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }

    /** The RFC sentences more than one rule quotes. */
    private static final class Quote {
        static final String SUSPICIOUS = "An endpoint MAY treat activity that is suspicious as a connection error (Section 5.4.1) of type "
                + "ENHANCE_YOUR_CALM.";
        static final String SMALL = "Large numbers of small or empty frames can be abused to cause a peer to expend time processing "
                + "frame headers.";
        static final String COMPRESSION = "Field section compression also provides opportunities for an attacker to waste processing "
                + "resources; see Section 7 of [COMPRESSION] for more details on potential abuses.";
    }
}
