package io.h2scope.conformance.client.drive;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the client under test reported to its caller for one request: the evidence of whether it handed a response
 * on as a success. A client that reports a truncated or malformed response as a success is judged on this.
 *
 * @param kind       what it reported
 * @param status     the response's status when the client says it (-1: not known)
 * @param bodyOctets the body length it delivered when it says it (-1: not known)
 * @param detail     in words: the exception, or the command's exit status and last lines of output
 * @param took       from the task's start to the report
 * @param headers    the response's header fields by lower-case name, when the client says them (an in-process client);
 *                   empty when not known
 */
public record ClientOutcome(Kind kind, int status, long bodyOctets, String detail, Duration took,
        Map<String, List<String>> headers) {

    /** What the client reported. */
    public enum Kind {
        /** It delivered a response to its caller (of any status). */
        RESPONSE,
        /** It reported the request as failed (an exception, a non-zero exit status). */
        FAILED,
        /** It did not finish within the task's timeout and was stopped. */
        TIMED_OUT,
        /** It could not be started (the command does not exist, the adapter refused the request). */
        NOT_STARTED,
        /** It tells nothing back (a browser fetching a served URL): only its frames are evidence. */
        NOT_REPORTED
    }

    public ClientOutcome {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(took, "took");
        headers = Map.copyOf(headers);
    }

    /** An outcome whose header fields are not known (a command's report). */
    public ClientOutcome(Kind kind, int status, long bodyOctets, String detail, Duration took) {
        this(kind, status, bodyOctets, detail, took, Map.of());
    }

    /** True when the client handed a response on to its caller as a success. */
    public boolean reportedSuccess() {
        return kind == Kind.RESPONSE;
    }

    /** False for a client that tells nothing back ({@link Kind#NOT_REPORTED}): only its frames say what it did. */
    public boolean reported() {
        return kind != Kind.NOT_REPORTED;
    }

    @Override
    public String toString() {
        String what = switch (kind) {
            case RESPONSE -> "response" + (status >= 0 ? " " + status : "")
                    + (bodyOctets >= 0 ? ", " + bodyOctets + " body octets" : "");
            case FAILED -> "failed";
            case TIMED_OUT -> "timed out";
            case NOT_STARTED -> "not started";
            case NOT_REPORTED -> "not reported";
        };
        return what + " after " + took.toMillis() + " ms" + (detail.isEmpty() ? "" : ": " + detail);
    }
}
