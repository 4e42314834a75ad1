package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.Received;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.http.ContentLengthCheck;
import io.h2scope.engine.http.MessageValidator;
import io.h2scope.engine.http.ResponseHead;
import io.h2scope.engine.http.ValidationOptions;
import java.util.Optional;

/**
 * Whether the response the client in front received is one RFC 9113 §8.1.1 says a client MUST NOT accept, by the
 * engine's own checks ({@link MessageValidator}, {@link ContentLengthCheck}): every field block's pseudo-header and
 * field rules, an interim response with END_STREAM, pseudo-header fields in trailers, a content-length the DATA
 * disagree with, frames after END_STREAM.
 */
public final class MalformedResponse {

    private static final MessageValidator VALIDATOR = new MessageValidator(ValidationOptions.defaults());

    private MalformedResponse() {
    }

    /** Why {@code got}, the answer to a {@code method} request, is malformed; empty when it is not. */
    public static Optional<String> why(Received got, String method) {
        try {
            return check(got, method);
        } catch (StreamError e) {
            return Optional.of(e.getMessage());
        }
    }

    private static Optional<String> check(Received got, String method) {
        ResponseHead head = null;
        for (Received.Block b : got.blocks()) {
            if (head == null) {
                ResponseHead h = VALIDATOR.response(1, b.fields(), b.endStream());
                head = h.informational() ? null : h;
            } else if (!b.endStream()) {
                // RFC9113 §8.1: a HEADERS frame without END_STREAM after a final status code is malformed
                return Optional.of("a HEADERS frame without END_STREAM after the final response (RFC 9113 §8.1)");
            } else {
                VALIDATOR.trailers(1, b.fields());
            }
        }
        if (head == null) {
            if (got.complete() || got.data().length > 0) {
                // RFC9113 §8.1: a response stream starts with interim responses "followed by a HEADERS frame containing a final status code"
                return Optional.of("DATA or END_STREAM with no final response before it: "
                        + (got.informational().isEmpty() ? "none at all" : "an interim response taken as the final one")
                        + " (RFC 9113 §8.1)");
            }
            return Optional.empty(); // no final response: judged by how the stream ended
        }
        if (got.afterEnd() > 0) {
            return Optional.of(got.afterEnd() + " frame(s) on the stream after END_STREAM, extraneous frames (RFC 9113"
                    + " §8.1.1)");
        }
        if (got.complete()) {
            ContentLengthCheck length = ContentLengthCheck.forResponse(1, method, head);
            length.onData(got.data().length);
            length.onEndStream();
        } else if (got.end() == Received.End.TIMEOUT) {
            // left open, yet already past its content-length: the client was handed more content than declared
            ContentLengthCheck.forResponse(1, method, head).onData(got.data().length);
        }
        return Optional.empty();
    }
}
