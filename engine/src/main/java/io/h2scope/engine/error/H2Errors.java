package io.h2scope.engine.error;

/**
 * Factories for typed errors, each for the {@link Rule} that was broken: the rule gives the code and the
 * section. A stream error on stream 0 is a connection error (RFC 9113 §5.4.1).
 */
public final class H2Errors {

    private H2Errors() {
    }

    /** A connection error for {@code rule}, whatever the rule's own scope (a stream rule can spill onto the connection). */
    public static ConnectionError connection(Rule rule, String detail) {
        return new ConnectionError(rule, detail);
    }

    /** A stream error for {@code rule} on {@code streamId}; on stream 0 a connection error. */
    public static H2Exception stream(int streamId, Rule rule, String detail) {
        return streamId == 0 ? new ConnectionError(rule, detail) : new StreamError(streamId, rule, detail);
    }

    /** The error in the scope {@code rule} demands: connection, or a stream error on {@code streamId} (0: connection). */
    public static H2Exception of(Rule rule, int streamId, String detail) {
        return rule.scope() == ErrorScope.CONNECTION ? new ConnectionError(rule, detail) : stream(streamId, rule, detail);
    }
}
