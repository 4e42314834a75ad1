package io.h2scope.conformance.intermediary.front;

import io.h2scope.engine.error.ErrorCode;

/**
 * What the intermediary's front did with the case's request, as the client in front saw it.
 *
 * @param kind   how it ended
 * @param status the final status when {@code kind} is RESPONSE, else 0
 * @param code   the error code of RST_STREAM or GOAWAY, else 0
 * @param detail a few words more (a GOAWAY's debug data, how the connection closed)
 */
public record FrontAnswer(Kind kind, int status, int code, String detail) {

    /** How the front ended the case's stream. */
    public enum Kind { RESPONSE, RESET, GOAWAY, CLOSED, NOTHING }

    public static FrontAnswer response(int status) {
        return new FrontAnswer(Kind.RESPONSE, status, 0, "");
    }

    /**
     * Whether the front turned the request away: a 4xx or 5xx status, a reset, a GOAWAY or a close; not a stream
     * refused unprocessed, which says nothing of the request (RFC 9113 §8.7).
     */
    public boolean refusal() {
        return kind == Kind.RESPONSE ? status >= 400 : kind != Kind.NOTHING && !unprocessed();
    }

    /** RST_STREAM REFUSED_STREAM: the front did not process the request, which may be sent again (RFC 9113 §8.7). */
    public boolean unprocessed() {
        return kind == Kind.RESET && code == ErrorCode.REFUSED_STREAM.code();
    }

    /** This answer, which came after {@code retries} tries refused unprocessed, saying so. */
    public FrontAnswer retried(int retries) {
        String note = FrontClient.retryNote(retries);
        return new FrontAnswer(kind, status, code, detail.isEmpty() ? note : detail + "; " + note);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case RESPONSE -> "status " + status + (detail.isEmpty() ? "" : " (" + detail + ")");
            case RESET -> "RST_STREAM " + ErrorCode.nameOf(code) + (detail.isEmpty() ? "" : " (" + detail + ")");
            case GOAWAY -> "GOAWAY " + ErrorCode.nameOf(code) + (detail.isEmpty() ? "" : " (" + detail + ")");
            case CLOSED -> "closed the connection" + (detail.isEmpty() ? "" : " (" + detail + ")");
            case NOTHING -> "no answer within the case's timeout";
        };
    }
}
