package io.h2scope.engine.settings;

import static io.h2scope.engine.error.ErrorCode.FLOW_CONTROL_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.SETTINGS_TIMEOUT;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/** The SETTINGS rules of RFC 9113 §6.5: values in range (§6.5.2) and acknowledgment (§6.5.3). */
public enum SettingsRule implements Rule {

    /** §6.5.2: SETTINGS_ENABLE_PUSH other than 0 or 1. */
    ENABLE_PUSH_NOT_0_OR_1(rfc("6.5.2"), CONNECTION, PROTOCOL_ERROR,
            "Any value other than 0 or 1 MUST be treated as a connection error (Section 5.4.1) of type "
                + "PROTOCOL_ERROR."),
    /** §6.5.2: a server sent SETTINGS_ENABLE_PUSH=1, which only a client may. */
    ENABLE_PUSH_FROM_SERVER(rfc("6.5.2"), CONNECTION, PROTOCOL_ERROR,
            "A client MUST treat receipt of a SETTINGS frame with SETTINGS_ENABLE_PUSH set to 1 as a "
                + "connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §6.5.2: SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1. */
    INITIAL_WINDOW_SIZE_TOO_LARGE(rfc("6.5.2"), CONNECTION, FLOW_CONTROL_ERROR,
            "Values above the maximum flow-control window size of 2^31-1 MUST be treated as a connection "
                + "error (Section 5.4.1) of type FLOW_CONTROL_ERROR."),
    /** §6.5.2: SETTINGS_MAX_FRAME_SIZE outside 16384..16777215. */
    MAX_FRAME_SIZE_OUT_OF_RANGE(rfc("6.5.2"), CONNECTION, PROTOCOL_ERROR,
            "The value advertised by an endpoint MUST be between this initial value and the maximum allowed "
                + "frame size (2^24-1 or 16,777,215 octets), inclusive. Values outside this range MUST be treated "
                + "as a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** RFC 8441 §3 (a §6.5 extension setting): SETTINGS_ENABLE_CONNECT_PROTOCOL other than 0 or 1. */
    ENABLE_CONNECT_PROTOCOL_NOT_0_OR_1(rfc("6.5"), CONNECTION, PROTOCOL_ERROR,
            Quote.BAD_SETTINGS),
    /** RFC 9218 §2.1 (a §6.5 extension setting): SETTINGS_NO_RFC7540_PRIORITIES other than 0 or 1. */
    NO_RFC7540_PRIORITIES_NOT_0_OR_1(rfc("6.5"), CONNECTION, PROTOCOL_ERROR,
            Quote.BAD_SETTINGS),
    /** §6.5.3: a SETTINGS ACK with no SETTINGS of ours awaiting one (our choice: the RFC is silent). */
    ACK_WITHOUT_PENDING_SETTINGS(rfc("6.5.3"), CONNECTION, PROTOCOL_ERROR,
            "Upon receiving a SETTINGS frame with the ACK flag set, the sender of the altered settings can "
                + "rely on the values from the oldest unacknowledged SETTINGS frame having been applied."),
    /** §6.5.3: no SETTINGS ACK within the timeout. */
    ACK_TIMEOUT(rfc("6.5.3"), CONNECTION, SETTINGS_TIMEOUT,
            "If the sender of a SETTINGS frame does not receive an acknowledgment within a reasonable amount "
                + "of time, it MAY issue a connection error (Section 5.4.1) of type SETTINGS_TIMEOUT.");


    private final RuleFacts facts;

    SettingsRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
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
        static final String BAD_SETTINGS = "A badly formed or incomplete SETTINGS frame MUST be treated as a connection error (Section "
                + "5.4.1) of type PROTOCOL_ERROR.";
    }
}
