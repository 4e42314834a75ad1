package io.h2scope.engine.http;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.STREAM;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The HTTP message rules of RFC 9113 §8 (and the field count limit of §10.5.1): each makes a request or
 * response malformed, which §8.1.1 says "MUST be treated as a stream error ... of type PROTOCOL_ERROR":
 * every one has that scope and code.
 */
public enum MessageRule implements Rule {

    /** §8.1: a pseudo-header field in trailers. */
    PSEUDO_HEADER_IN_TRAILERS(rfc("8.1"),
            "An endpoint that receives pseudo-header fields in trailers MUST treat the request or response "
                + "as malformed (Section 8.1.1)."),
    /** §8.1: an informational (1xx) response with END_STREAM. */
    INFORMATIONAL_WITH_END_STREAM(rfc("8.1"),
            "A HEADERS frame with the END_STREAM flag set that carries an informational status code is "
                + "malformed (Section 8.1.1)."),
    /** §8.1: DATA before the final header section. */
    DATA_BEFORE_HEADERS(rfc("8.1"),
            "An HTTP message (request or response) consists of: 1. one HEADERS frame (followed by zero or "
                + "more CONTINUATION frames) containing the header section (see Section 6.3 of [HTTP]), 2. zero or "
                + "more DATA frames containing the message content (see Section 6.4 of [HTTP]), and 3. optionally, "
                + "one HEADERS frame (followed by zero or more CONTINUATION frames) containing the trailer "
                + "section, if present (see Section 6.5 of [HTTP])."),
    /** §8.1: a second header section (trailers) without END_STREAM. */
    TRAILERS_WITHOUT_END_STREAM(rfc("8.1"),
            "An endpoint that receives a HEADERS frame without the END_STREAM flag set after receiving the "
                + "HEADERS frame that opens a request or after receiving a final (non-informational) status code "
                + "MUST treat the corresponding request or response as malformed (Section 8.1.1)."),
    /** §8.1.1: a content-length that is not one number. */
    CONTENT_LENGTH_INVALID(rfc("8.1.1"),
            Quote.CL),
    /** §8.1.1: DATA payloads that do not sum to the content-length. */
    CONTENT_LENGTH_MISMATCH(rfc("8.1.1"),
            Quote.CL),
    /** §8.1.1: DATA payload in a message defined as having no content. */
    CONTENT_IN_NO_CONTENT_MESSAGE(rfc("8.1.1"),
            Quote.CL),
    /** §8.2.1: an empty field name. */
    FIELD_NAME_EMPTY(rfc("8.2.1"),
            "HTTP/2 implementations SHOULD validate field names and values according to their definitions in "
                + "Sections 5.1 and 5.5 of [HTTP], respectively, and treat messages that contain prohibited "
                + "characters as malformed (Section 8.1.1)."),
    /** §8.2.1: an uppercase character in a field name. */
    FIELD_NAME_UPPERCASE(rfc("8.2.1"),
            Quote.NAME),
    /** §8.2.1: a colon, control, space or non-token character in a field name. */
    FIELD_NAME_INVALID_CHARACTER(rfc("8.2.1"),
            Quote.NAME),
    /** §8.2.1: a field value that starts or ends with whitespace. */
    FIELD_VALUE_WHITESPACE_AT_EDGE(rfc("8.2.1"),
            "A field value MUST NOT start or end with an ASCII whitespace character (ASCII SP or HTAB, 0x20 "
                + "or 0x09)."),
    /** §8.2.1: NUL, CR, LF (or, strict, another control) in a field value. */
    FIELD_VALUE_INVALID_CHARACTER(rfc("8.2.1"),
            "A field value MUST NOT contain the zero value (ASCII NUL, 0x00), line feed (ASCII LF, 0x0a), or "
                + "carriage return (ASCII CR, 0x0d) at any position."),
    /** §8.2.2: a connection-specific field (connection, keep-alive, upgrade, ...). */
    CONNECTION_SPECIFIC_FIELD(rfc("8.2.2"),
            "Any message containing connection-specific header fields MUST be treated as malformed (Section "
                + "8.1.1)."),
    /** §8.2.2: a te field with a value other than "trailers". */
    TE_NOT_TRAILERS(rfc("8.2.2"),
            "The only exception to this is the TE header field, which MAY be present in an HTTP/2 request; "
                + "when it is, it MUST NOT contain any value other than \"trailers\"."),
    /** §8.3: a pseudo-header field after a regular field. */
    PSEUDO_HEADER_AFTER_REGULAR_FIELD(rfc("8.3"),
            "All pseudo-header fields MUST appear in a field block before all regular field lines."),
    /** §8.3: a pseudo-header field repeated in one block. */
    PSEUDO_HEADER_REPEATED(rfc("8.3"),
            "The same pseudo-header field name MUST NOT appear more than once in a field block."),
    /** §8.3: an undefined pseudo-header field. */
    PSEUDO_HEADER_UNDEFINED(rfc("8.3"),
            "Endpoints MUST treat a request or response that contains undefined or invalid pseudo-header "
                + "fields as malformed (Section 8.1.1)."),
    /** §8.3: a request pseudo-header field in a response, or the reverse. */
    PSEUDO_HEADER_OF_OTHER_KIND(rfc("8.3"),
            "Pseudo-header fields defined for requests MUST NOT appear in responses; pseudo-header fields "
                + "defined for responses MUST NOT appear in requests."),
    /** §8.3: :protocol although extended CONNECT (RFC 8441) is not enabled. */
    PROTOCOL_WITHOUT_EXTENDED_CONNECT(rfc("8.3"),
            "Endpoints MUST NOT generate pseudo-header fields other than those defined in this document."),
    /** §8.3.1: a request without :method, :scheme or :path. */
    REQUEST_PSEUDO_HEADER_MISSING(rfc("8.3.1"),
            Quote.REQ),
    /** §8.3.1: a :method that is not a token. */
    METHOD_INVALID(rfc("8.3.1"),
            Quote.REQ),
    /** §8.3.1: a :scheme that is not a URI scheme. */
    SCHEME_INVALID(rfc("8.3.1"),
            Quote.REQ),
    /** §8.3.1: an empty :path for an http(s) URI. */
    PATH_EMPTY(rfc("8.3.1"),
            "This pseudo-header field MUST NOT be empty for \"http\" or \"https\" URIs; \"http\" or \"https\" URIs "
                + "that do not contain a path component MUST include a value of '/'."),
    /** §8.3.1: a :path that neither starts with '/' nor is '*' of an OPTIONS request. */
    PATH_FORM_INVALID(rfc("8.3.1"),
            Quote.PATH),
    /** §8.3.1: a character not allowed in :path. */
    PATH_INVALID_CHARACTER(rfc("8.3.1"),
            Quote.PATH),
    /** §8.3.1: an empty :authority for an http(s) URI. */
    AUTHORITY_EMPTY(rfc("8.3.1"),
            Quote.AUTH),
    /** §8.3.1: a character not allowed in :authority. */
    AUTHORITY_INVALID_CHARACTER(rfc("8.3.1"),
            Quote.AUTH),
    /** §8.3.1: an :authority with userinfo for an http(s) URI. */
    AUTHORITY_WITH_USERINFO(rfc("8.3.1"),
            "\":authority\" MUST NOT include the deprecated userinfo subcomponent for \"http\" or \"https\" "
                + "schemed URIs."),
    /** §8.3.1: an http(s) request with neither :authority nor host. */
    AUTHORITY_MISSING(rfc("8.3.1"),
            "Clients that generate HTTP/2 requests directly MUST use the \":authority\" pseudo-header field to "
                + "convey authority information, unless there is no authority information to convey (in which case "
                + "it MUST NOT generate \":authority\")."),
    /** §8.3.1: a host field naming another entity than :authority. */
    HOST_DIFFERS_FROM_AUTHORITY(rfc("8.3.1"),
            "A server SHOULD treat a request as malformed if it contains a Host header field that identifies "
                + "an entity that differs from the entity in the \":authority\" pseudo-header field."),
    /** §8.3.2: a response without :status. */
    STATUS_MISSING(rfc("8.3.2"),
            Quote.STATUS),
    /** §8.3.2: a :status that is not a three-digit code in 100..599. */
    STATUS_INVALID(rfc("8.3.2"),
            Quote.STATUS),
    /** §8.6: the 101 (Switching Protocols) status, which HTTP/2 does not have. */
    STATUS_101(rfc("8.6"),
            "HTTP/2 does not support the 101 (Switching Protocols) informational status code (Section 15.2.2 "
                + "of [HTTP])."),
    /** §8.4: a pushed request whose method is not safe and cacheable. */
    PUSHED_REQUEST_NOT_SAFE(rfc("8.4"),
            "Promised requests MUST be safe (see Section 9.2.1 of [HTTP]) and cacheable (see Section 9.2.3 "
                + "of [HTTP])."),
    /** §8.4: a pushed request without :authority. */
    PUSHED_REQUEST_WITHOUT_AUTHORITY(rfc("8.4"),
            "The server MUST include a value in the \":authority\" pseudo-header field for which the server is "
                + "authoritative (see Section 10.1)."),
    /** §8.4: a pushed request that declares content. */
    PUSHED_REQUEST_WITH_CONTENT(rfc("8.4"),
            "Clients that receive a promised request that is not cacheable, that is not known to be safe, or "
                + "that indicates the presence of request content MUST reset the promised stream with a stream "
                + "error (Section 5.4.2) of type PROTOCOL_ERROR."),
    /** §8.5: a CONNECT request with :scheme or :path. */
    CONNECT_WITH_SCHEME_OR_PATH(rfc("8.5"),
            "The \":scheme\" and \":path\" pseudo-header fields MUST be omitted."),
    /** §8.5: a CONNECT request without :authority. */
    CONNECT_WITHOUT_AUTHORITY(rfc("8.5"),
            Quote.CONNECT_AUTH),
    /** §8.5: a CONNECT :authority that is not host and port. */
    CONNECT_AUTHORITY_INVALID(rfc("8.5"),
            Quote.CONNECT_AUTH),
    /** §8.5: :protocol on a request that is not CONNECT (RFC 8441 §4). */
    PROTOCOL_WITHOUT_CONNECT(rfc("8.5"),
            Quote.CONNECT_BAD),
    /** §8.5: a :protocol that is not a token (RFC 8441 §4). */
    PROTOCOL_INVALID(rfc("8.5"),
            Quote.CONNECT_BAD),
    /** §10.5.1: more fields in one block than we accept. */
    TOO_MANY_FIELDS(rfc("10.5.1"),
            "This setting is only advisory, so endpoints MAY choose to send field blocks that exceed this "
                + "limit and risk the request or response being treated as malformed.");

    private final RuleFacts facts;

    /** Every message rule makes the message malformed: a stream error PROTOCOL_ERROR (RFC 9113 §8.1.1). */
    MessageRule(SpecRef spec, String sentence) {
        this.facts = new RuleFacts(spec, STREAM, PROTOCOL_ERROR, sentence);
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc9113(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }

    /** The RFC sentences more than one rule quotes. */
    private static final class Quote {
        static final String CL = "A request or response is also malformed if the value of a content-length header field does not "
                + "equal the sum of the DATA frame payload lengths that form the content, unless the message is "
                + "defined as having no content.";
        static final String NAME = "A field name MUST NOT contain characters in the ranges 0x00-0x20, 0x41-0x5a, or 0x7f-0xff (all "
                + "ranges inclusive).";
        static final String REQ = "All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and "
                + "\":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5).";
        static final String PATH = "The \":path\" pseudo-header field includes the path and query parts of the target URI (the "
                + "absolute-path production and, optionally, a '?' character followed by the query production; see "
                + "Section 4.1 of [HTTP]).";
        static final String AUTH = "The \":authority\" pseudo-header field conveys the authority portion (Section 3.2 of [RFC3986]) "
                + "of the target URI (Section 7.1 of [HTTP]).";
        static final String STATUS = "This pseudo-header field MUST be included in all responses, including interim responses; "
                + "otherwise, the response is malformed (Section 8.1.1).";
        static final String CONNECT_AUTH = "The \":authority\" pseudo-header field contains the host and port to connect to (equivalent to "
                + "the authority-form of the request-target of CONNECT requests; see Section 3.2.3 of [HTTP/1.1]).";
        static final String CONNECT_BAD = "A CONNECT request that does not conform to these restrictions is malformed (Section 8.1.1).";
    }
}
