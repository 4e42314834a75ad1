package io.h2scope.conformance.targets.launch;

/**
 * A target could not be named or started. The message is one line saying what is wrong and what to
 * do; {@link #log()} holds the server's own log tail when it started but never became ready.
 */
public final class TargetStartException extends Exception {

    /** Why: a name or environment problem the user fixes (exit 2), or a server that did not come up (exit 3). */
    public enum Kind { USAGE, ENVIRONMENT, NOT_READY }

    private final Kind kind;
    private final String log;

    public TargetStartException(Kind kind, String message, String log, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.log = log == null ? "" : log;
    }

    public TargetStartException(Kind kind, String message) {
        this(kind, message, "", null);
    }

    public Kind kind() {
        return kind;
    }

    public String log() {
        return log;
    }
}
