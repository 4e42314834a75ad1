package io.h2scope.engine.error;

/** RFC 9113 §5.4.1: the endpoint sends GOAWAY with {@link #code()} and closes the connection. */
public final class ConnectionError extends H2Exception {

    private static final long serialVersionUID = 1L;

    public ConnectionError(ErrorCode code, SpecRef spec, String detail) {
        this(code, spec, detail, null);
    }

    /** {@code rule}: the named rule that was broken, or null. */
    public ConnectionError(ErrorCode code, SpecRef spec, String detail, Rule rule) {
        super(code, spec, detail, rule);
    }

    @Override
    public ErrorScope scope() {
        return ErrorScope.CONNECTION;
    }
}
