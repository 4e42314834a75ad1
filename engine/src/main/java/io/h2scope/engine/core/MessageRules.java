package io.h2scope.engine.core;

import io.h2scope.engine.hpack.HeaderField;

import java.util.List;

/**
 * The HTTP message rules of RFC 9113 §8 that the connection asks about each decoded field block.
 * Every method throws {@link io.h2scope.engine.error.StreamError} PROTOCOL_ERROR for a malformed
 * message (RFC 9113 §8.1.1: "Malformed requests or responses ... MUST be treated as a stream error
 * ... of type PROTOCOL_ERROR"). The connection itself owns the sequencing (1xx, final response,
 * trailers, END_STREAM); these methods judge the fields.
 *
 * <p>{@link HttpMessageRules} (the default) plugs in the full validator of the
 * {@code engine.http} package; {@link BasicMessageRules} is the small set some tests use.
 */
public interface MessageRules {

    /** A request header section, or the request of a PUSH_PROMISE. */
    void request(int streamId, List<HeaderField> headers);

    /** A response header section, informational (1xx) or final. */
    void response(int streamId, List<HeaderField> headers);

    /** A trailer section. */
    void trailers(int streamId, List<HeaderField> headers);

    /**
     * The content-length check for a message body (RFC 9113 §8.1.1): {@code headers} is the
     * request or final response header section; {@code bodyExpected} is false for responses
     * to HEAD and for 204 and 304.
     */
    BodyCheck body(int streamId, List<HeaderField> headers, boolean bodyExpected);

    /** Counts DATA against a declared content-length; each call may throw the stream error. */
    interface BodyCheck {

        /** Checks nothing; declares nothing. */
        BodyCheck NONE = new BodyCheck() {
            @Override
            public long declaredLength() {
                return -1;
            }

            @Override
            public void onData(int length) {
            }

            @Override
            public void onEndStream() {
            }
        };

        /** The content-length value, or -1 when none was given. */
        long declaredLength();

        void onData(int length);

        void onEndStream();
    }
}
