package io.h2scope.conformance.intermediary.cases;

import java.util.List;

/**
 * RFC 9113's sentences the response-side cases check, word for word, beside {@link Quotes} (whose sentences they
 * also cite): one home, read by the cases and by the test that finds each in the RFC's text.
 */
final class ResponseQuotes {

    private ResponseQuotes() {
    }

    static final String INTERIM = "For a response only, a server MAY send any number of interim responses before the"
            + " HEADERS frame containing a final response.";
    static final String INTERIM_END_STREAM = "A HEADERS frame with the END_STREAM flag set that carries an"
            + " informational status code is malformed (Section 8.1.1).";
    static final String COMPLETE = "An HTTP response is complete after the server sends -- or the client receives -- a"
            + " frame with the END_STREAM flag set (including any CONTINUATION frames needed to complete a field"
            + " block).";
    static final String HEADERS_AFTER_FINAL = "An endpoint that receives a HEADERS frame without the END_STREAM flag"
            + " set after receiving the HEADERS frame that opens a request or after receiving a final"
            + " (non-informational) status code MUST treat the corresponding request or response as malformed"
            + " (Section 8.1.1).";
    static final String NO_CONTENT = "For example, 204 or 304 responses contain no content, as does the response to a"
            + " HEAD request.";
    static final String LOWERCASE = "Field names MUST be converted to lowercase when constructing an HTTP/2 message.";
    static final String VALIDATE = "HTTP/2 implementations SHOULD validate field names and values according to their"
            + " definitions in Sections 5.1 and 5.5 of [HTTP], respectively, and treat messages that contain prohibited"
            + " characters as malformed (Section 8.1.1).";
    static final String MESSAGE = "HTTP/2 is an instantiation of the HTTP message abstraction (Section 6 of [HTTP]).";
    static final String REMOVE_HOP_BY_HOP = "An intermediary transforming an HTTP/1.x message to HTTP/2 MUST remove"
            + " connection-specific header fields as discussed in Section 7.6.1 of [HTTP], or their messages will be"
            + " treated by other HTTP/2 endpoints as malformed (Section 8.1.1).";
    static final String REMOVE_LISTED = "An intermediary that receives any fields that require removal before"
            + " forwarding (see Section 7.6.1 of [HTTP]) MUST remove or replace those header fields when forwarding"
            + " messages.";
    static final String STATUS = "This pseudo-header field MUST be included in all responses, including interim"
            + " responses; otherwise, the response is malformed (Section 8.1.1).";
    static final String STATUS_CODE = "For HTTP/2 responses, a single \":status\" pseudo-header field is defined that"
            + " carries the HTTP status code field (see Section 15 of [HTTP]).";
    static final String NO_101 = "HTTP/2 does not support the 101 (Switching Protocols) informational status code"
            + " (Section 15.2.2 of [HTTP]).";

    static List<String> all() {
        return List.of(INTERIM, INTERIM_END_STREAM, COMPLETE, HEADERS_AFTER_FINAL, NO_CONTENT, LOWERCASE, VALIDATE,
                MESSAGE, REMOVE_HOP_BY_HOP, REMOVE_LISTED, STATUS, STATUS_CODE, NO_101);
    }
}
