package io.h2scope.engine.http;

import io.h2scope.engine.hpack.HeaderField;
import java.util.List;

/**
 * One pass over the regular fields of a block (those after the pseudo-header fields): character
 * rules, no late pseudo-header, no connection-specific field, {@code te}, {@code host} against
 * {@code :authority}, and content-length. Dispatches on the name's length, so most fields cost one
 * switch and no string comparison.
 */
final class RegularFields {

    private RegularFields() {
    }

    /**
     * Checks {@code block[from..]} and returns the declared content-length, or -1.
     *
     * @param scheme    the request's {@code :scheme} (for host normalization), or null
     * @param authority the request's {@code :authority} to compare {@code host} with, or null for none
     */
    static long check(int streamId, List<HeaderField> block, int from, MessagePart part, String scheme,
            String authority, ValidationOptions options) {
        boolean strict = options.strictFieldSyntax();
        long contentLength = ContentLengthValue.ABSENT;
        for (int i = from, n = block.size(); i < n; i++) {
            HeaderField field = block.get(i);
            String name = field.name();
            String value = field.value();
            if (!name.isEmpty() && name.charAt(0) == ':') {
                // RFC9113 §8.1: "Trailers MUST NOT include pseudo-header fields"
                // RFC9113 §8.3: "All pseudo-header fields MUST appear in a field block before all regular field lines"
                throw Malformed.error(streamId, part == MessagePart.TRAILERS
                        ? MessageRule.PSEUDO_HEADER_IN_TRAILERS : MessageRule.PSEUDO_HEADER_AFTER_REGULAR_FIELD,
                        "pseudo-header field " + Printable.quote(name) + (part == MessagePart.TRAILERS
                                ? " in a trailer section" : " after a regular field in a " + part));
            }
            FieldSyntax.checkName(streamId, name, strict);
            FieldSyntax.checkValue(streamId, name, value, strict);
            switch (name.length()) {
                case 2 -> {
                    if (name.equals("te") && !value.equalsIgnoreCase("trailers")) {
                        // RFC9113 §8.2.2: TE "MAY be present in an HTTP/2 request; when it is, it MUST NOT contain any value other than \"trailers\""
                        throw Malformed.error(streamId, MessageRule.TE_NOT_TRAILERS, "te " + Printable.quote(value)
                                + " in a " + part + ": only \"trailers\" is allowed");
                    }
                }
                case 4 -> {
                    if (authority != null && options.rejectHostMismatch() && name.equals("host")
                            && !AuthorityMatch.sameEntity(scheme, authority, value)) {
                        // RFC9113 §8.3.1: "A server SHOULD treat a request as malformed if it contains a Host header field that identifies an entity that differs from the entity in the \":authority\" pseudo-header field"
                        throw Malformed.error(streamId, MessageRule.HOST_DIFFERS_FROM_AUTHORITY, "host " + Printable.quote(value)
                                + " differs from :authority " + Printable.quote(authority));
                    }
                }
                case 7, 10, 16, 17 -> rejectConnectionSpecific(streamId, name, part);
                case 14 -> {
                    if (name.equals("content-length")) {
                        contentLength = ContentLengthValue.merge(streamId, value, contentLength);
                    }
                }
                default -> {
                    // no rule for other names
                }
            }
        }
        return contentLength;
    }

    private static void rejectConnectionSpecific(int streamId, String name, MessagePart part) {
        switch (name) {
            case "upgrade", "connection", "keep-alive", "proxy-connection", "transfer-encoding" ->
                // RFC9113 §8.2.2: "Any message containing connection-specific header fields MUST be treated as malformed" (SEC-19: H2.TE)
                throw Malformed.error(streamId, MessageRule.CONNECTION_SPECIFIC_FIELD, "connection-specific field \"" + name + "\" in a " + part);
            default -> {
                // same length, another name
            }
        }
    }
}
