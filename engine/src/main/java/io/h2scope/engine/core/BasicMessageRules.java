package io.h2scope.engine.core;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.MessageRule;

import java.util.List;

/**
 * The minimal {@link MessageRules}: required pseudo-headers present, pseudo-headers before
 * regular fields, no upper-case names, and a single numeric content-length counted against the
 * DATA. Everything else of RFC 9113 §8.2-§8.3 (field characters, connection-specific fields, te,
 * :authority vs host) is left to the full validator of {@code engine.http}.
 */
public final class BasicMessageRules implements MessageRules {

    public static final BasicMessageRules INSTANCE = new BasicMessageRules();

    @Override
    public void request(int streamId, List<HeaderField> headers) {
        checkNames(streamId, headers, true);
        String method = pseudo(headers, ":method");
        if (method == null) {
            // RFC9113 §8.3.1: "All HTTP/2 requests MUST include exactly one valid value for the :method, :scheme, and :path"
            throw MalformedMessage.error(streamId, MessageRule.REQUEST_PSEUDO_HEADER_MISSING, "request without :method");
        }
        if (!"CONNECT".equals(method)) {
            String path = pseudo(headers, ":path");
            if (pseudo(headers, ":scheme") == null || path == null || path.isEmpty()) {
                // RFC9113 §8.3.1: ":scheme ... :path ... unless they are CONNECT requests"
                throw MalformedMessage.error(streamId, MessageRule.REQUEST_PSEUDO_HEADER_MISSING, "request without :scheme or a non-empty :path");
            }
        }
    }

    @Override
    public void response(int streamId, List<HeaderField> headers) {
        checkNames(streamId, headers, true);
        String status = pseudo(headers, ":status");
        if (status == null || status.length() != 3 || !isDigits(status)) {
            // RFC9113 §8.3.2: "For HTTP/2 responses, a single :status pseudo-header field is defined ... MUST be included"
            throw MalformedMessage.error(streamId, MessageRule.STATUS_INVALID, "response without a three-digit :status");
        }
    }

    @Override
    public void trailers(int streamId, List<HeaderField> headers) {
        // RFC9113 §8.1: "Trailers MUST NOT include pseudo-header fields"
        checkNames(streamId, headers, false);
    }

    @Override
    public BodyCheck body(int streamId, List<HeaderField> headers, boolean bodyExpected) {
        String value = null;
        for (HeaderField f : headers) {
            if (f.name().equals("content-length")) {
                if (value != null && !value.equals(f.value())) {
                    throw MalformedMessage.error(streamId, MessageRule.CONTENT_LENGTH_INVALID, "two different content-length values");
                }
                value = f.value();
            }
        }
        if (value == null) {
            return BodyCheck.NONE;
        }
        if (value.isEmpty() || value.length() > 18 || !isDigits(value)) {
            throw MalformedMessage.error(streamId, MessageRule.CONTENT_LENGTH_INVALID, "content-length is not a number: " + value);
        }
        long declared = Long.parseLong(value);
        return new Counting(streamId, bodyExpected ? declared : 0, declared);
    }

    /** Counts DATA against content-length (0 expected when the response carries no body). */
    private static final class Counting implements BodyCheck {
        private final int streamId;
        private final long expected;
        private final long declared;
        private long seen;

        Counting(int streamId, long expected, long declared) {
            this.streamId = streamId;
            this.expected = expected;
            this.declared = declared;
        }

        @Override
        public long declaredLength() {
            return declared;
        }

        @Override
        public void onData(int length) {
            seen += length;
            if (seen > expected) {
                // RFC9113 §8.1.1: "A request or response is also malformed if the value of a content-length header field does not equal the sum of the DATA frame payload lengths"
                throw MalformedMessage.error(streamId, MessageRule.CONTENT_LENGTH_MISMATCH, "DATA exceeds content-length " + expected);
            }
        }

        @Override
        public void onEndStream() {
            if (seen != expected) {
                throw MalformedMessage.error(streamId, MessageRule.CONTENT_LENGTH_MISMATCH, "content-length " + expected + " but " + seen + " octets of DATA");
            }
        }
    }

    private static void checkNames(int streamId, List<HeaderField> headers, boolean pseudoAllowed) {
        boolean regularSeen = false;
        for (HeaderField f : headers) {
            String name = f.name();
            if (name.startsWith(":")) {
                if (!pseudoAllowed) {
                    throw MalformedMessage.error(streamId, MessageRule.PSEUDO_HEADER_IN_TRAILERS, "pseudo-header " + name + " in trailers");
                }
                if (regularSeen) {
                    // RFC9113 §8.3: "All pseudo-header fields MUST appear in a field block before all regular field lines"
                    throw MalformedMessage.error(streamId, MessageRule.PSEUDO_HEADER_AFTER_REGULAR_FIELD, "pseudo-header " + name + " after a regular field");
                }
            } else {
                regularSeen = true;
            }
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c >= 'A' && c <= 'Z') {
                    // RFC9113 §8.2.1: "A field name MUST NOT contain characters in the ranges 0x00-0x20, 0x41-0x5a"
                    throw MalformedMessage.error(streamId, MessageRule.FIELD_NAME_UPPERCASE, "upper-case field name " + name);
                }
            }
        }
    }

    private static String pseudo(List<HeaderField> headers, String name) {
        for (HeaderField f : headers) {
            if (f.name().equals(name)) {
                return f.value();
            }
        }
        return null;
    }

    private static boolean isDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
