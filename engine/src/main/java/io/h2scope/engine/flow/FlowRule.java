package io.h2scope.engine.flow;

import static io.h2scope.engine.error.ErrorCode.FLOW_CONTROL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.error.ErrorScope.STREAM;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The flow-control rules of RFC 9113 §6.9.1 and §6.9.2, each on the stream window and on the connection
 * window ("errors on the connection flow-control window MUST be treated as a connection error"). The
 * zero WINDOW_UPDATE increment is a frame rule ({@code FrameRule.WINDOW_UPDATE_ZERO_INCREMENT_*}).
 */
public enum FlowRule implements Rule {

    /** §6.9.1: DATA longer than the stream's receive window. */
    DATA_EXCEEDS_STREAM_WINDOW(rfc("6.9.1"), STREAM, FLOW_CONTROL_ERROR,
            Quote.DATA_WIN),
    /** §6.9.1: DATA longer than the connection's receive window. */
    DATA_EXCEEDS_CONNECTION_WINDOW(rfc("6.9.1"), CONNECTION, FLOW_CONTROL_ERROR,
            Quote.DATA_WIN),
    /** §6.9.1: a WINDOW_UPDATE that takes a stream window past 2^31-1. */
    STREAM_WINDOW_OVERFLOW(rfc("6.9.1"), STREAM, FLOW_CONTROL_ERROR,
            Quote.OVER),
    /** §6.9.1: a WINDOW_UPDATE that takes the connection window past 2^31-1. */
    CONNECTION_WINDOW_OVERFLOW(rfc("6.9.1"), CONNECTION, FLOW_CONTROL_ERROR,
            Quote.OVER),
    /**
     * §6.9.1: DATA on streams we reset, beyond what their windows still allowed when we reset them (§5.1 "closed"
     * asks only that DATA sent before our RST_STREAM arrived be discarded).
     */
    DATA_AFTER_RESET_BEYOND_WINDOW(rfc("6.9.1"), CONNECTION, FLOW_CONTROL_ERROR,
            Quote.DATA_WIN),
    /** §6.9.2: a SETTINGS_INITIAL_WINDOW_SIZE change that takes a stream window past 2^31-1. */
    INITIAL_WINDOW_CHANGE_OVERFLOW(rfc("6.9.2"), CONNECTION, FLOW_CONTROL_ERROR,
            "An endpoint MUST treat a change to SETTINGS_INITIAL_WINDOW_SIZE that causes any flow-control "
                + "window to exceed the maximum size as a connection error (Section 5.4.1) of type "
                + "FLOW_CONTROL_ERROR.");


    private final RuleFacts facts;

    FlowRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
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
        static final String DATA_WIN = "The sender MUST NOT send a flow-controlled frame with a length that exceeds the space available "
                + "in either of the flow-control windows advertised by the receiver.";
        static final String OVER = "If a sender receives a WINDOW_UPDATE that causes a flow-control window to exceed this maximum, "
                + "it MUST terminate either the stream or the connection, as appropriate.";
    }
}
