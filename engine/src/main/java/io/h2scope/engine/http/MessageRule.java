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
    PSEUDO_HEADER_IN_TRAILERS(rfc("8.1")),
    /** §8.1: an informational (1xx) response with END_STREAM. */
    INFORMATIONAL_WITH_END_STREAM(rfc("8.1")),
    /** §8.1: DATA before the final header section. */
    DATA_BEFORE_HEADERS(rfc("8.1")),
    /** §8.1: a second header section (trailers) without END_STREAM. */
    TRAILERS_WITHOUT_END_STREAM(rfc("8.1")),
    /** §8.1.1: a content-length that is not one number. */
    CONTENT_LENGTH_INVALID(rfc("8.1.1")),
    /** §8.1.1: DATA payloads that do not sum to the content-length. */
    CONTENT_LENGTH_MISMATCH(rfc("8.1.1")),
    /** §8.1.1: DATA payload in a message defined as having no content. */
    CONTENT_IN_NO_CONTENT_MESSAGE(rfc("8.1.1")),
    /** §8.2.1: an empty field name. */
    FIELD_NAME_EMPTY(rfc("8.2.1")),
    /** §8.2.1: an uppercase character in a field name. */
    FIELD_NAME_UPPERCASE(rfc("8.2.1")),
    /** §8.2.1: a colon, control, space or non-token character in a field name. */
    FIELD_NAME_INVALID_CHARACTER(rfc("8.2.1")),
    /** §8.2.1: a field value that starts or ends with whitespace. */
    FIELD_VALUE_WHITESPACE_AT_EDGE(rfc("8.2.1")),
    /** §8.2.1: NUL, CR, LF (or, strict, another control) in a field value. */
    FIELD_VALUE_INVALID_CHARACTER(rfc("8.2.1")),
    /** §8.2.2: a connection-specific field (connection, keep-alive, upgrade, ...). */
    CONNECTION_SPECIFIC_FIELD(rfc("8.2.2")),
    /** §8.2.2: a te field with a value other than "trailers". */
    TE_NOT_TRAILERS(rfc("8.2.2")),
    /** §8.3: a pseudo-header field after a regular field. */
    PSEUDO_HEADER_AFTER_REGULAR_FIELD(rfc("8.3")),
    /** §8.3: a pseudo-header field repeated in one block. */
    PSEUDO_HEADER_REPEATED(rfc("8.3")),
    /** §8.3: an undefined pseudo-header field. */
    PSEUDO_HEADER_UNDEFINED(rfc("8.3")),
    /** §8.3: a request pseudo-header field in a response, or the reverse. */
    PSEUDO_HEADER_OF_OTHER_KIND(rfc("8.3")),
    /** §8.3: :protocol although extended CONNECT (RFC 8441) is not enabled. */
    PROTOCOL_WITHOUT_EXTENDED_CONNECT(rfc("8.3")),
    /** §8.3.1: a request without :method, :scheme or :path. */
    REQUEST_PSEUDO_HEADER_MISSING(rfc("8.3.1")),
    /** §8.3.1: a :method that is not a token. */
    METHOD_INVALID(rfc("8.3.1")),
    /** §8.3.1: a :scheme that is not a URI scheme. */
    SCHEME_INVALID(rfc("8.3.1")),
    /** §8.3.1: an empty :path for an http(s) URI. */
    PATH_EMPTY(rfc("8.3.1")),
    /** §8.3.1: a :path that neither starts with '/' nor is '*' of an OPTIONS request. */
    PATH_FORM_INVALID(rfc("8.3.1")),
    /** §8.3.1: a character not allowed in :path. */
    PATH_INVALID_CHARACTER(rfc("8.3.1")),
    /** §8.3.1: an empty :authority for an http(s) URI. */
    AUTHORITY_EMPTY(rfc("8.3.1")),
    /** §8.3.1: a character not allowed in :authority. */
    AUTHORITY_INVALID_CHARACTER(rfc("8.3.1")),
    /** §8.3.1: an :authority with userinfo for an http(s) URI. */
    AUTHORITY_WITH_USERINFO(rfc("8.3.1")),
    /** §8.3.1: an http(s) request with neither :authority nor host. */
    AUTHORITY_MISSING(rfc("8.3.1")),
    /** §8.3.1: a host field naming another entity than :authority. */
    HOST_DIFFERS_FROM_AUTHORITY(rfc("8.3.1")),
    /** §8.3.2: a response without :status. */
    STATUS_MISSING(rfc("8.3.2")),
    /** §8.3.2: a :status that is not a three-digit code in 100..599. */
    STATUS_INVALID(rfc("8.3.2")),
    /** §8.6: the 101 (Switching Protocols) status, which HTTP/2 does not have. */
    STATUS_101(rfc("8.6")),
    /** §8.4: a pushed request whose method is not safe and cacheable. */
    PUSHED_REQUEST_NOT_SAFE(rfc("8.4")),
    /** §8.4: a pushed request without :authority. */
    PUSHED_REQUEST_WITHOUT_AUTHORITY(rfc("8.4")),
    /** §8.4: a pushed request that declares content. */
    PUSHED_REQUEST_WITH_CONTENT(rfc("8.4")),
    /** §8.5: a CONNECT request with :scheme or :path. */
    CONNECT_WITH_SCHEME_OR_PATH(rfc("8.5")),
    /** §8.5: a CONNECT request without :authority. */
    CONNECT_WITHOUT_AUTHORITY(rfc("8.5")),
    /** §8.5: a CONNECT :authority that is not host and port. */
    CONNECT_AUTHORITY_INVALID(rfc("8.5")),
    /** §8.5: :protocol on a request that is not CONNECT (RFC 8441 §4). */
    PROTOCOL_WITHOUT_CONNECT(rfc("8.5")),
    /** §8.5: a :protocol that is not a token (RFC 8441 §4). */
    PROTOCOL_INVALID(rfc("8.5")),
    /** §10.5.1: more fields in one block than we accept. */
    TOO_MANY_FIELDS(rfc("10.5.1"));

    private final RuleFacts facts;

    /** Every message rule makes the message malformed: a stream error PROTOCOL_ERROR (RFC 9113 §8.1.1). */
    MessageRule(SpecRef spec) {
        this.facts = new RuleFacts(spec, STREAM, PROTOCOL_ERROR);
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc9113(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }
}
