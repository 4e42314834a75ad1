package io.h2scope.engine.error;

/** RFC 9113 §5.4.1: the endpoint sends GOAWAY with {@link #code()} and closes the connection. */
public final class ConnectionError extends H2Exception {

    private static final long serialVersionUID = 1L;

    public ConnectionError(ErrorCode code, SpecRef spec, String detail) {
        super(code, spec, detail);
    }

    @Override
    public ErrorScope scope() {
        return ErrorScope.CONNECTION;
    }
}
