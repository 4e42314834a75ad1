package io.h2scope.engine.frame.check;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The sequencing rules of a field block, RFC 9113 §6.10: a block that HEADERS or PUSH_PROMISE opens without
 * END_HEADERS goes on in CONTINUATION frames of the same stream and nothing else. They need the state of the
 * connection (is a block open?), so the core and the observer apply them, not the frame reader.
 */
public enum FieldBlockRule implements Rule {

    /** §6.10: a CONTINUATION with no field block open. */
    CONTINUATION_WITHOUT_FIELD_BLOCK(rfc("6.10"), CONNECTION, PROTOCOL_ERROR,
            "A CONTINUATION frame MUST be preceded by a HEADERS, PUSH_PROMISE or CONTINUATION frame without "
                + "the END_HEADERS flag set."),
    /** §6.10: another frame, or a CONTINUATION of another stream, inside an open field block. */
    FRAME_INSIDE_FIELD_BLOCK(rfc("6.10"), CONNECTION, PROTOCOL_ERROR,
            "If the END_HEADERS flag is not set, this frame MUST be followed by another CONTINUATION frame. "
                + "A receiver MUST treat the receipt of any other type of frame or a frame on a different stream "
                + "as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.");


    private final RuleFacts facts;

    FieldBlockRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
        this.facts = new RuleFacts(spec, scope, code, sentence);
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc9113(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }
}
