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

    /** Whether the front turned the request away: a 4xx or 5xx status, a reset, a GOAWAY or a close. */
    public boolean refusal() {
        return kind == Kind.RESPONSE ? status >= 400 : kind != Kind.NOTHING;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case RESPONSE -> "status " + status;
            case RESET -> "RST_STREAM " + ErrorCode.nameOf(code);
            case GOAWAY -> "GOAWAY " + ErrorCode.nameOf(code) + (detail.isEmpty() ? "" : " (" + detail + ")");
            case CLOSED -> "closed the connection" + (detail.isEmpty() ? "" : " (" + detail + ")");
            case NOTHING -> "no answer within the case's timeout";
        };
    }
}
