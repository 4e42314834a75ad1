package io.h2scope.engine.error;

/** Factories for typed errors. A stream error on stream 0 is a connection error (RFC 9113 §5.4.1). */
public final class H2Errors {

    private H2Errors() {
    }

    public static ConnectionError connection(ErrorCode code, SpecRef spec, String detail) {
        return new ConnectionError(code, spec, detail);
    }

    public static H2Exception stream(int streamId, ErrorCode code, SpecRef spec, String detail) {
        if (streamId == 0) {
            return new ConnectionError(code, spec, detail);
        }
        return new StreamError(streamId, code, spec, detail);
    }

    /** A scope-checked factory, for rule tables that say which scope applies. */
    public static H2Exception of(ErrorScope scope, int streamId, ErrorCode code, SpecRef spec, String detail) {
        return of(scope, streamId, code, spec, detail, null);
    }

    /** The same, for a named {@code rule} (or null) that the error carries. */
    public static H2Exception of(ErrorScope scope, int streamId, ErrorCode code, SpecRef spec, String detail, Rule rule) {
        return scope == ErrorScope.CONNECTION || streamId == 0 ? new ConnectionError(code, spec, detail, rule)
                : new StreamError(streamId, code, spec, detail, rule);
    }
}
