package io.h2scope.engine.http1;

/** A request that cannot be served, with the HTTP status that says why (400, 431, ...). */
public final class Http1ParseException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public Http1ParseException(int status, String reason) {
        super(reason, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
