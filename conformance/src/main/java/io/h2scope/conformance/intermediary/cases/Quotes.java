package io.h2scope.conformance.intermediary.cases;

/** RFC 9113's sentences the intermediary cases check, word for word (one home: the cases and the test read these). */
final class Quotes {

    private Quotes() {
    }

    static final String CONTENT_LENGTH = "A request or response is also malformed if the value of a content-length"
            + " header field does not equal the sum of the DATA frame payload lengths that form the content, unless the"
            + " message is defined as having no content.";
    static final String NO_FORWARD = "Intermediaries that process HTTP requests or responses (i.e., any intermediary"
            + " not acting as a tunnel) MUST NOT forward a malformed request or response.";
    static final String NAME_OCTETS = "A field name MUST NOT contain characters in the ranges 0x00-0x20, 0x41-0x5a,"
            + " or 0x7f-0xff (all ranges inclusive).";
    static final String NAME_COLON = "With the exception of pseudo-header fields (Section 8.3), which have a name that"
            + " starts with a single colon, field names MUST NOT include a colon (ASCII COLON, 0x3a).";
    static final String VALUE_OCTETS = "A field value MUST NOT contain the zero value (ASCII NUL, 0x00), line feed"
            + " (ASCII LF, 0x0a), or carriage return (ASCII CR, 0x0d) at any position.";
    static final String VALUE_WHITESPACE = "A field value MUST NOT start or end with an ASCII whitespace character"
            + " (ASCII SP or HTAB, 0x20 or 0x09).";
    static final String CONNECTION_SPECIFIC = "Any message containing connection-specific header fields MUST be"
            + " treated as malformed (Section 8.1.1).";
    static final String TE = "The only exception to this is the TE header field, which MAY be present in an HTTP/2"
            + " request; when it is, it MUST NOT contain any value other than \"trailers\".";
    static final String COOKIE = "If there are multiple Cookie header fields after decompression, these MUST be"
            + " concatenated into a single octet string using the two-octet delimiter of 0x3b, 0x20 (the ASCII string"
            + " \"; \") before being passed into a non-HTTP/2 context, such as an HTTP/1.1 connection, or a generic"
            + " HTTP server application.";
    static final String PSEUDO_IN_TRAILERS = "Pseudo-header fields MUST NOT appear in a trailer section.";
    static final String PSEUDO_UNDEFINED = "Endpoints MUST treat a request or response that contains undefined or"
            + " invalid pseudo-header fields as malformed (Section 8.1.1).";
    static final String PSEUDO_ORDER = "Any request or response that contains a pseudo-header field that appears in a"
            + " field block after a regular field line MUST be treated as malformed (Section 8.1.1).";
    static final String PSEUDO_REPEATED = "A field block for an HTTP request or response that contains a repeated"
            + " pseudo-header field name MUST be treated as malformed (Section 8.1.1).";
    static final String PSEUDO_OTHER_SIDE = "Pseudo-header fields defined for requests MUST NOT appear in responses;"
            + " pseudo-header fields defined for responses MUST NOT appear in requests.";
    static final String CONNECT_OMIT = "The \":scheme\" and \":path\" pseudo-header fields MUST be omitted.";
    static final String CONNECT_TUNNEL = "A proxy that supports CONNECT establishes a TCP connection [TCP] to the host"
            + " and port identified in the \":authority\" pseudo-header field.";
    static final String PATH_EMPTY = "This pseudo-header field MUST NOT be empty for \"http\" or \"https\" URIs;"
            + " \"http\" or \"https\" URIs that do not contain a path component MUST include a value of '/'.";
    static final String PATH_FORM = "The \":path\" pseudo-header field includes the path and query parts of the"
            + " target URI (the absolute-path production and, optionally, a '?' character followed by the query"
            + " production; see Section 4.1 of [HTTP]).";
    static final String MANDATORY = "All HTTP/2 requests MUST include exactly one valid value for the \":method\","
            + " \":scheme\", and \":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5).";
    static final String HOST_FROM_AUTHORITY = "An intermediary that needs to generate a Host header field (which might"
            + " be necessary to construct an HTTP/1.1 request) MUST use the value from the \":authority\" pseudo-header"
            + " field as the value of the Host field, unless the intermediary also changes the request target.";
    static final String RESET = "RST_STREAM is sent to request cancellation of a stream or to indicate that an error"
            + " condition has occurred.";
    static final String GOAWAY_DRAINS = "Activity on streams numbered lower than or equal to the last stream identifier"
            + " might still complete successfully.";
    static final String GOAWAY_NO_NEW_STREAMS = "Receivers of a GOAWAY frame MUST NOT open additional streams on the"
            + " connection, although a new connection can be established for new streams.";
    static final String TRAILERS = "Trailer fields are carried in a field block that also terminates the stream.";
    static final String FLOW_PER_HOP = "HTTP/2 flow control operates between the endpoints of a single hop and not over"
            + " the entire end-to-end path.";
    static final String FLOW_PROTECTS = "For example, a proxy needs to share memory between many connections and also"
            + " might have a slow upstream connection and a fast downstream one.";

    /** Every sentence above, for the test that finds each in the RFC's text. */
    static java.util.List<String> all() {
        return java.util.List.of(CONTENT_LENGTH, NO_FORWARD, NAME_OCTETS, NAME_COLON, VALUE_OCTETS, VALUE_WHITESPACE,
                CONNECTION_SPECIFIC, TE, COOKIE, PSEUDO_IN_TRAILERS, PSEUDO_UNDEFINED, PSEUDO_ORDER, PSEUDO_REPEATED,
                PSEUDO_OTHER_SIDE, CONNECT_OMIT, CONNECT_TUNNEL, PATH_EMPTY, PATH_FORM, MANDATORY, HOST_FROM_AUTHORITY,
                RESET, GOAWAY_DRAINS, GOAWAY_NO_NEW_STREAMS,
                TRAILERS, FLOW_PER_HOP, FLOW_PROTECTS);
    }
}
