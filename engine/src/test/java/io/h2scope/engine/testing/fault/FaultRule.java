package io.h2scope.engine.testing.fault;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The rules a misbehaviour {@link Fault} claims are broken where the RFC allows what the peer did: the
 * errors it provokes carry one, so a trace names them {@code fault/...} and never as an engine rule.
 */
public enum FaultRule implements Rule {
    /** RFC 9113 §7 says unknown codes "MUST NOT trigger any special behavior"; the fault rejects them. */
    UNKNOWN_ERROR_CODE_REJECTED(SpecRef.rfc9113("7"), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR,
            "Unknown or unsupported error codes MUST NOT trigger any special behavior."),
    /** RFC 9113 §8.3.1 does not make :authority mandatory; the fault refuses a request without it. */
    REQUEST_WITHOUT_AUTHORITY_REFUSED(SpecRef.rfc9113("8.3.1"), ErrorScope.STREAM, ErrorCode.PROTOCOL_ERROR,
            "Clients that generate HTTP/2 requests directly MUST use the \":authority\" pseudo-header field to convey "
                    + "authority information, unless there is no authority information to convey (in which case it MUST "
                    + "NOT generate \":authority\")."),
    /** A reaction some servers have to any frame of a kind with an error code, known codes too: not a rule of §7. */
    ERROR_CODE_TAKEN_FOR_AN_ERROR(SpecRef.rfc9113("7"), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR,
            "Error codes are 32-bit fields that are used in RST_STREAM and GOAWAY frames to convey the reasons for the "
                    + "stream or connection error."),
    /** RFC 9113 §6.5.3 allows one identifier twice in a SETTINGS frame; the fault answers it with GOAWAY. */
    REPEATED_SETTING_REJECTED(SpecRef.rfc9113("6.5.3"), ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR,
            "The values in the SETTINGS frame MUST be processed in the order they appear, with no other frame "
                    + "processing between values.");

    private final RuleFacts facts;

    FaultRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
        this.facts = new RuleFacts(spec, scope, code, sentence);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }
}
