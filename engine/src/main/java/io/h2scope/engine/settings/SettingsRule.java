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
    ENABLE_PUSH_NOT_0_OR_1(rfc("6.5.2"), CONNECTION, PROTOCOL_ERROR),
    /** §6.5.2: a server sent SETTINGS_ENABLE_PUSH=1, which only a client may. */
    ENABLE_PUSH_FROM_SERVER(rfc("6.5.2"), CONNECTION, PROTOCOL_ERROR),
    /** §6.5.2: SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1. */
    INITIAL_WINDOW_SIZE_TOO_LARGE(rfc("6.5.2"), CONNECTION, FLOW_CONTROL_ERROR),
    /** §6.5.2: SETTINGS_MAX_FRAME_SIZE outside 16384..16777215. */
    MAX_FRAME_SIZE_OUT_OF_RANGE(rfc("6.5.2"), CONNECTION, PROTOCOL_ERROR),
    /** RFC 8441 §3 (a §6.5 extension setting): SETTINGS_ENABLE_CONNECT_PROTOCOL other than 0 or 1. */
    ENABLE_CONNECT_PROTOCOL_NOT_0_OR_1(rfc("6.5"), CONNECTION, PROTOCOL_ERROR),
    /** RFC 9218 §2.1 (a §6.5 extension setting): SETTINGS_NO_RFC7540_PRIORITIES other than 0 or 1. */
    NO_RFC7540_PRIORITIES_NOT_0_OR_1(rfc("6.5"), CONNECTION, PROTOCOL_ERROR),
    /** §6.5.3: a SETTINGS ACK with no SETTINGS of ours awaiting one (our choice: the RFC is silent). */
    ACK_WITHOUT_PENDING_SETTINGS(rfc("6.5.3"), CONNECTION, PROTOCOL_ERROR),
    /** §6.5.3: no SETTINGS ACK within the timeout. */
    ACK_TIMEOUT(rfc("6.5.3"), CONNECTION, SETTINGS_TIMEOUT);


    private final RuleFacts facts;

    SettingsRule(SpecRef spec, ErrorScope scope, ErrorCode code) {
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
