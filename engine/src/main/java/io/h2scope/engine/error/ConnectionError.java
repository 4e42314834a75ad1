package io.h2scope.engine.error;

/** RFC 9113 §5.4.1: the endpoint sends GOAWAY with {@link #code()} and closes the connection. */
public final class ConnectionError extends H2Exception {

    private static final long serialVersionUID = 1L;

    /** The connection error for {@code rule}, with its code and section. */
    public ConnectionError(Rule rule, String detail) {
        this(rule, rule.spec(), detail);
    }

    /**
     * The connection error for {@code rule} where another section than the rule's own makes its breach a
     * connection error (RFC 9113 §4.3 for an HPACK decoding error, whose rule is in RFC 7541).
     */
    public ConnectionError(Rule rule, SpecRef spec, String detail) {
        super(rule.code(), spec, detail, rule);
    }

    @Override
    public ErrorScope scope() {
        return ErrorScope.CONNECTION;
    }
}
