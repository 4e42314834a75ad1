package io.h2scope.engine.http;

import io.h2scope.engine.hpack.HeaderField;
import java.util.List;

/**
 * Follows the DATA frames of one message against its content-length (RFC 9113 §8.1.1,
 * SEC-18 "H2.CL"). Create one per message, call {@link #onData} for each DATA payload (padding
 * excluded) and {@link #onEndStream} when the message ends, including when END_STREAM is on the
 * HEADERS frame itself: a request that declares content-length 5 and ends on its HEADERS fails there.
 *
 * <p>Example: content-length 10, DATA of 6 then 6 fails on the second {@code onData} (12 &gt; 10);
 * DATA of 6 then END_STREAM fails on {@code onEndStream} (6 &ne; 10).
 */
public final class ContentLengthCheck {

    private static final ContentLengthCheck NONE = new ContentLengthCheck();

    private final int streamId;
    private final long declared;
    private final boolean bodyExpected;
    private long received;

    /** The check for a message without content-length that may carry content: it never fails. */
    public static ContentLengthCheck none() {
        return NONE;
    }

    /**
     * @param declared     the content-length, or -1 when absent
     * @param bodyExpected false for a message defined as having no content (a response to HEAD, 1xx,
     *                     204, 304): its content-length describes another representation and is not
     *                     compared, but any DATA payload at all is malformed
     */
    public ContentLengthCheck(int streamId, long declared, boolean bodyExpected) {
        if (streamId <= 0) {
            throw new IllegalArgumentException("a message lives on a stream id > 0, got " + streamId);
        }
        if (declared < -1) {
            throw new IllegalArgumentException("content-length is -1 (absent) or >= 0, got " + declared);
        }
        this.streamId = streamId;
        this.declared = declared;
        this.bodyExpected = bodyExpected;
    }

    private ContentLengthCheck() {
        this.streamId = 0;
        this.declared = -1;
        this.bodyExpected = true;
    }

    /**
     * The check for a request's content. CONNECT carries tunnel bytes, not content (§8.5), so it is
     * not checked.
     */
    public static ContentLengthCheck forRequest(int streamId, RequestHead head) {
        if (head.isConnect() || head.contentLength() < 0) {
            return NONE;
        }
        return new ContentLengthCheck(streamId, head.contentLength(), true);
    }

    /**
     * The check for a final response's content, given the method of the request it answers.
     * A 2xx answer to CONNECT opens a tunnel and is not checked (§8.5).
     */
    public static ContentLengthCheck forResponse(int streamId, String requestMethod, ResponseHead head) {
        int status = head.status();
        if ("CONNECT".equals(requestMethod) && status >= 200 && status < 300) {
            return NONE;
        }
        // RFC9113 §8.1.1: "204 or 304 responses contain no content, as does the response to a HEAD request"
        boolean noContent = "HEAD".equals(requestMethod) || status < 200 || status == 204 || status == 304;
        if (!noContent && head.contentLength() < 0) {
            return NONE;
        }
        return new ContentLengthCheck(streamId, head.contentLength(), !noContent);
    }

    /**
     * The content-length a field block declares, or -1 when it has none: every content-length field
     * merged as {@link MessageValidator} does (identical repeats allowed, anything else malformed).
     * For callers that hold the raw fields rather than a validated head.
     */
    public static long declaredLength(int streamId, List<HeaderField> fields) {
        long declared = ContentLengthValue.ABSENT;
        for (int i = 0, n = fields.size(); i < n; i++) { // by index: no iterator per request on this hot path
            HeaderField field = fields.get(i);
            if (field.name().equals("content-length")) {
                declared = ContentLengthValue.merge(streamId, field.value(), declared);
            }
        }
        return declared;
    }

    /** One DATA frame's payload length, padding excluded. */
    public void onData(int length) {
        if (this == NONE || length == 0) {
            return;
        }
        if (length < 0) {
            throw new IllegalArgumentException("negative DATA length " + length);
        }
        received += length;
        if (!bodyExpected) {
            // RFC9113 §8.1.1: a message "defined as having no content" cannot carry DATA payload ("extraneous frames")
            throw Malformed.error(streamId, MessageRule.CONTENT_IN_NO_CONTENT_MESSAGE, "DATA payload of " + received
                    + " octets in a message defined as having no content");
        }
        if (declared >= 0 && received > declared) {
            // RFC9113 §8.1.1: "malformed if the value of a content-length header field does not equal the sum of the DATA frame payload lengths"
            throw Malformed.error(streamId, MessageRule.CONTENT_LENGTH_MISMATCH, "DATA payloads sum to " + received
                    + " octets, more than content-length " + declared);
        }
    }

    /** The message ended (END_STREAM on DATA or on the HEADERS/trailers). */
    public void onEndStream() {
        if (this == NONE || !bodyExpected || declared < 0) {
            return; // RFC9113 §8.1.1: a no-content message "MAY have a non-zero content-length"
        }
        if (received != declared) {
            // RFC9113 §8.1.1: "malformed if the value of a content-length header field does not equal the sum of the DATA frame payload lengths"
            throw Malformed.error(streamId, MessageRule.CONTENT_LENGTH_MISMATCH, "content-length " + declared + " but the message ended after "
                    + received + " octets of DATA");
        }
    }

    /** Payload octets counted so far. */
    public long received() {
        return received;
    }

    /** The declared content-length, or -1. */
    public long declared() {
        return declared;
    }
}
