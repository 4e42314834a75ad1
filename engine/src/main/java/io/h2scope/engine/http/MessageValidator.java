package io.h2scope.engine.http;

import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import java.util.List;
import java.util.Objects;

/**
 * Validates decoded field blocks against RFC 9113 §8 and turns them into message heads. Stateless
 * and thread-safe; one instance per connection or per server is fine. The caller knows which block
 * is which (request, response, trailers, PUSH_PROMISE): see §8.1 for the sequence.
 *
 * <p>Every method throws {@link StreamError} PROTOCOL_ERROR (§8.1.1) on the given stream, naming the
 * section and the offending field with control bytes escaped. What stays with the caller: whether
 * the server is authoritative for a pushed {@code :authority} (§8.4), the order of HEADERS frames on a
 * stream (§8.1), and {@link ContentLengthCheck} for the DATA frames.
 */
public final class MessageValidator {

    private final ValidationOptions options;

    public MessageValidator(ValidationOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    public ValidationOptions options() {
        return options;
    }

    /** A request's header section (§8.3.1, §8.5), received on {@code streamId}. */
    public RequestHead request(int streamId, List<HeaderField> block) {
        return parseRequest(streamId, block, MessagePart.REQUEST, true);
    }

    /**
     * The checks of {@link #request} without building the {@link RequestHead}: for the connection
     * core, which only judges the block and passes it on as it is.
     */
    public void checkRequest(int streamId, List<HeaderField> block) {
        parseRequest(streamId, block, MessagePart.REQUEST, false);
    }

    /**
     * The request carried by a PUSH_PROMISE (§8.4, §8.4.1): a complete valid request whose method is
     * safe and cacheable (GET or HEAD), with {@code :authority} and without content. Errors name the
     * promised stream, which the client resets.
     */
    public RequestHead pushedRequest(int promisedStreamId, List<HeaderField> block) {
        RequestHead head = parseRequest(promisedStreamId, block, MessagePart.PUSHED_REQUEST, true);
        RequestControlData.checkPushed(promisedStreamId, head.method(), head.authority(), head.contentLength());
        return head;
    }

    /** A response's header section (§8.3.2), interim or final, when END_STREAM is not known. */
    public ResponseHead response(int streamId, List<HeaderField> block) {
        return response(streamId, block, false);
    }

    /**
     * A response's header section (§8.3.2); {@code endStream} is the HEADERS frame's END_STREAM flag,
     * which an interim (1xx) response must not carry (§8.1).
     */
    public ResponseHead response(int streamId, List<HeaderField> block, boolean endStream) {
        return parseResponse(streamId, block, endStream, true);
    }

    /**
     * The checks of {@link #response(int, List)} without building the {@link ResponseHead}: for the
     * connection core, which only judges the block and passes it on as it is.
     */
    public void checkResponse(int streamId, List<HeaderField> block) {
        parseResponse(streamId, block, false, false);
    }

    /** Checks a response block; the head when {@code buildHead}, else null. */
    private ResponseHead parseResponse(int streamId, List<HeaderField> block, boolean endStream, boolean buildHead) {
        checkCount(streamId, block, MessagePart.RESPONSE);
        String status = null;
        int i = 0;
        int n = block.size();
        for (; i < n; i++) {
            HeaderField field = block.get(i);
            String name = field.name();
            if (name.isEmpty() || name.charAt(0) != ':') {
                break;
            }
            FieldSyntax.checkValue(streamId, name, field.value(), options.strictFieldSyntax());
            if (name.equals(":status")) {
                status = once(streamId, name, status, field.value());
            } else {
                throw pseudoOutOfContext(streamId, name, MessagePart.RESPONSE);
            }
        }
        long contentLength = RegularFields.check(streamId, block, i, MessagePart.RESPONSE, null, null, options);
        int code = statusCode(streamId, status);
        if (endStream && code < 200) {
            // RFC9113 §8.1: "A HEADERS frame with the END_STREAM flag set that carries an informational status code is malformed"
            throw Malformed.error(streamId, MessageRule.INFORMATIONAL_WITH_END_STREAM, "informational status " + code + " with END_STREAM");
        }
        return buildHead ? new ResponseHead(code, block.subList(i, n), contentLength) : null;
    }

    /** A trailer section (§8.1) of a request or response: regular fields only. */
    public List<HeaderField> trailers(int streamId, List<HeaderField> block) {
        checkCount(streamId, block, MessagePart.TRAILERS);
        RegularFields.check(streamId, block, 0, MessagePart.TRAILERS, null, null, options);
        return HeaderList.copyOf(block);
    }

    /** Checks a request block; the head when {@code buildHead}, else null. */
    private RequestHead parseRequest(int streamId, List<HeaderField> block, MessagePart part, boolean buildHead) {
        checkCount(streamId, block, part);
        boolean strict = options.strictFieldSyntax();
        String method = null;
        String scheme = null;
        String authority = null;
        String path = null;
        String protocol = null;
        int i = 0;
        int n = block.size();
        for (; i < n; i++) {
            HeaderField field = block.get(i);
            String name = field.name();
            if (name.isEmpty() || name.charAt(0) != ':') {
                break;
            }
            String value = field.value();
            FieldSyntax.checkValue(streamId, name, value, strict);
            switch (name) {
                case ":method" -> method = once(streamId, name, method, value);
                case ":scheme" -> scheme = once(streamId, name, scheme, value);
                case ":authority" -> authority = once(streamId, name, authority, value);
                case ":path" -> path = once(streamId, name, path, value);
                case ":protocol" -> {
                    if (!options.allowExtendedConnect()) {
                        // RFC 8441 §4 / RFC9113 §8.3: without SETTINGS_ENABLE_CONNECT_PROTOCOL, :protocol is an undefined pseudo-header field
                        throw Malformed.error(streamId, MessageRule.PROTOCOL_WITHOUT_EXTENDED_CONNECT, ":protocol in a " + part
                                + " but extended CONNECT (RFC 8441) is not enabled");
                    }
                    protocol = once(streamId, name, protocol, value);
                }
                default -> throw pseudoOutOfContext(streamId, name, part);
            }
        }
        // regular fields first: a late pseudo-header is a better diagnosis than the one it leaves missing
        long contentLength = RegularFields.check(streamId, block, i, part, scheme, authority, options);
        RequestControlData.check(streamId, part, method, scheme, authority, path, protocol);
        List<HeaderField> fields = block.subList(i, n);
        if (authority == null && options.requireAuthority() && RequestControlData.isHttp(scheme)
                && FieldLookup.first(fields, "host") == null) {
            // RFC9113 §8.3.1 leaves this to HTTP: RFC 9110 §4.2.1 "A recipient that processes such a URI reference MUST reject it as invalid" (option requireAuthority)
            throw Malformed.error(streamId, MessageRule.AUTHORITY_MISSING, "http(s) " + part + " with neither :authority nor host");
        }
        return buildHead ? new RequestHead(method, scheme, authority, path, protocol, fields, contentLength) : null;
    }

    private void checkCount(int streamId, List<HeaderField> block, MessagePart part) {
        if (block.size() > options.maxFieldCount()) {
            // RFC9113 §10.5.1: an endpoint may refuse a field block larger than it is willing to handle (SEC-02: every field and cookie crumb counts)
            throw Malformed.error(streamId, MessageRule.TOO_MANY_FIELDS, block.size() + " fields in a " + part
                    + " exceed the limit of " + options.maxFieldCount());
        }
    }

    /** RFC9113 §8.3: "The same pseudo-header field name MUST NOT appear more than once in a field block." */
    private static String once(int streamId, String name, String previous, String value) {
        if (previous != null) {
            throw Malformed.error(streamId, MessageRule.PSEUDO_HEADER_REPEATED, "repeated pseudo-header field " + name);
        }
        return value;
    }

    private static StreamError pseudoOutOfContext(int streamId, String name, MessagePart part) {
        boolean requestPseudo = switch (name) {
            case ":method", ":scheme", ":authority", ":path", ":protocol" -> true;
            default -> false;
        };
        if (requestPseudo || name.equals(":status")) {
            // RFC9113 §8.3: "Pseudo-header fields defined for requests MUST NOT appear in responses; pseudo-header fields defined for responses MUST NOT appear in requests"
            return Malformed.error(streamId, MessageRule.PSEUDO_HEADER_OF_OTHER_KIND, (requestPseudo ? "request" : "response") + " pseudo-header field "
                    + name + " in a " + part);
        }
        // RFC9113 §8.3: "Endpoints MUST treat a request or response that contains undefined or invalid pseudo-header fields as malformed"
        return Malformed.error(streamId, MessageRule.PSEUDO_HEADER_UNDEFINED, "undefined pseudo-header field " + Printable.quote(name) + " in a " + part);
    }

    private static int statusCode(int streamId, String status) {
        if (status == null) {
            // RFC9113 §8.3.2: ":status" "MUST be included in all responses, including interim responses; otherwise, the response is malformed"
            throw Malformed.error(streamId, MessageRule.STATUS_MISSING, "missing :status");
        }
        if (status.length() != 3 || !isDigit(status.charAt(0)) || !isDigit(status.charAt(1)) || !isDigit(status.charAt(2))) {
            // RFC9113 §8.3.2: ":status" "carries the HTTP status code" (RFC 9110 §15: a three-digit integer)
            throw Malformed.error(streamId, MessageRule.STATUS_INVALID, ":status " + Printable.quote(status) + " is not three digits");
        }
        int code = (status.charAt(0) - '0') * 100 + (status.charAt(1) - '0') * 10 + (status.charAt(2) - '0');
        if (code < 100 || code > 599) {
            // RFC9113 §8.3.2 with RFC 9110 §15: "Values outside the range 100..599 are invalid"
            throw Malformed.error(streamId, MessageRule.STATUS_INVALID, ":status " + code + " is outside 100..599");
        }
        if (code == 101) {
            // RFC9113 §8.6: "HTTP/2 does not support the 101 (Switching Protocols) informational status code"
            throw Malformed.error(streamId, MessageRule.STATUS_101, ":status 101 (Switching Protocols) does not exist in HTTP/2");
        }
        return code;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
