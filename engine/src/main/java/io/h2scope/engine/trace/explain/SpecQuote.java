package io.h2scope.engine.trace.explain;

import io.h2scope.engine.error.SpecRef;

/**
 * The RFC sentences a finding that is no broken rule rests on (a rule's own sentence is the rule's:
 * {@link io.h2scope.engine.error.Rule#sentence()}). RuleSentencesTest finds each one in the RFC.
 */
public enum SpecQuote {

    /** A GOAWAY's last stream id: streams above it were not and will not be processed. */
    GOAWAY_LAST_STREAM(SpecRef.rfc9113("6.8"), "The last stream identifier in the GOAWAY frame contains the "
            + "highest-numbered stream identifier for which the sender of the GOAWAY frame might have taken some "
            + "action on or might yet take action on."),
    /** A connection that closed without a GOAWAY (a reset socket, a close with streams open). */
    CLOSE_WITHOUT_GOAWAY(SpecRef.rfc9113("6.8"), "Endpoints SHOULD always send a GOAWAY frame before closing a "
            + "connection so that the remote peer can know whether a stream has been partially processed or not."),
    /** SETTINGS waiting for their ACK. */
    SETTINGS_ACK(SpecRef.rfc9113("6.5.3"), "Once all values have been processed, the recipient MUST immediately "
            + "emit a SETTINGS frame with the ACK flag set."),
    /** A PING waiting for its ACK. */
    PING_ACK(SpecRef.rfc9113("6.7"), "Receivers of a PING frame that does not include an ACK flag MUST send a PING "
            + "frame with the ACK flag set in response, with an identical frame payload."),
    /** A window at zero: the sender waits for credit. */
    FLOW_CONTROL_LIMIT(SpecRef.rfc9113("5.2.1"), "A sender MUST respect flow-control limits imposed by a receiver.");

    private final SpecRef spec;
    private final String sentence;

    SpecQuote(SpecRef spec, String sentence) {
        this.spec = spec;
        this.sentence = sentence;
    }

    public SpecRef spec() {
        return spec;
    }

    public String sentence() {
        return sentence;
    }
}
