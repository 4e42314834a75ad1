package io.h2scope.engine.http;

/**
 * Parses content-length field values (RFC 9110 §8.6: {@code Content-Length = 1*DIGIT}) without
 * allocating. A list of identical values ("42, 42") and repeated identical fields are accepted, as
 * RFC 9110 §8.6 allows; anything else is malformed (SEC-18, H2.CL).
 */
final class ContentLengthValue {

    /** No content-length seen yet. */
    static final long ABSENT = -1;

    private ContentLengthValue() {
    }

    /**
     * Merges one content-length field value into what earlier fields declared.
     *
     * @param previous {@link #ABSENT} or the value of earlier content-length fields
     * @return the declared length
     */
    static long merge(int streamId, String value, long previous) {
        long result = previous;
        long current = 0;
        int digits = 0;
        boolean seenElement = false;
        for (int i = 0, n = value.length(); i <= n; i++) {
            char c = i < n ? value.charAt(i) : ',';
            if (c >= '0' && c <= '9') {
                if (digits > 0 && current > (Long.MAX_VALUE - (c - '0')) / 10) {
                    throw bad(streamId, value, "too large");
                }
                current = current * 10 + (c - '0');
                digits++;
            } else if (c == ',') {
                if (digits == 0) {
                    throw bad(streamId, value, seenElement || i < n ? "an empty list element" : "no digits");
                }
                if (result != ABSENT && result != current) {
                    // RFC9113 §8.1.1 with RFC 9110 §8.6: differing content-length values leave the framing unknown
                    throw Malformed.error(streamId, MessageRule.CONTENT_LENGTH_INVALID, "content-length values differ: " + result + " and "
                            + current + " (from " + Printable.quote(value) + ")");
                }
                result = current;
                current = 0;
                digits = 0;
                seenElement = true;
            } else if ((c == ' ' || c == '\t') && (digits == 0 || nextNonSpaceIsComma(value, i))) {
                continue; // OWS around list commas (edges were already refused by §8.2.1)
            } else {
                throw bad(streamId, value, "a character other than a digit");
            }
        }
        return result;
    }

    private static boolean nextNonSpaceIsComma(String value, int from) {
        for (int i = from; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != ' ' && c != '\t') {
                return c == ',';
            }
        }
        return true;
    }

    private static io.h2scope.engine.error.StreamError bad(int streamId, String value, String why) {
        // RFC9113 §8.1.1: a content-length that cannot be compared with the DATA sum makes the message malformed (RFC 9110 §8.6: 1*DIGIT)
        return Malformed.error(streamId, MessageRule.CONTENT_LENGTH_INVALID, "content-length " + Printable.quote(value) + " has " + why);
    }
}
