package io.h2scope.engine.core;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.ContentLengthCheck;
import io.h2scope.engine.http.MessageValidator;
import io.h2scope.engine.http.ValidationOptions;

import java.util.List;
import java.util.Objects;

/**
 * The full RFC 9113 §8 rules for the connection: {@link MessageValidator} judges each field block
 * (pseudo-headers, field characters, connection-specific fields, te, host against :authority,
 * field count) and {@link ContentLengthCheck} counts DATA against content-length. The default of
 * {@link ConnectionConfig}; {@link BasicMessageRules} stays for tests that want the minimal set.
 *
 * <p>Stateless and thread-safe: one instance may serve every connection.
 */
public final class HttpMessageRules implements MessageRules {

    /** The rules with {@link ValidationOptions#defaults()}. */
    public static final HttpMessageRules DEFAULT = new HttpMessageRules(ValidationOptions.defaults());

    private final MessageValidator validator;

    public HttpMessageRules(ValidationOptions options) {
        this.validator = new MessageValidator(Objects.requireNonNull(options, "options"));
    }

    public ValidationOptions options() {
        return validator.options();
    }

    @Override
    public void request(int streamId, List<HeaderField> headers) {
        validator.checkRequest(streamId, headers);
    }

    @Override
    public void response(int streamId, List<HeaderField> headers) {
        validator.checkResponse(streamId, headers);
    }

    @Override
    public void trailers(int streamId, List<HeaderField> headers) {
        validator.trailers(streamId, headers);
    }

    @Override
    public BodyCheck body(int streamId, List<HeaderField> headers, boolean bodyExpected) {
        long declared = ContentLengthCheck.declaredLength(streamId, headers);
        if (bodyExpected && (declared < 0 || isConnect(headers))) {
            // RFC9113 §8.5: a CONNECT stream carries tunnel bytes, not content; without content-length nothing to compare
            return BodyCheck.NONE;
        }
        // RFC9113 §8.1.1: "A request or response is also malformed if the value of a content-length header field does not equal the sum of the DATA frame payload lengths"
        return new Counted(new ContentLengthCheck(streamId, declared, bodyExpected));
    }

    private static boolean isConnect(List<HeaderField> headers) {
        for (HeaderField f : headers) {
            if (!f.name().startsWith(":")) {
                return false;
            }
            if (f.name().equals(":method")) {
                return f.value().equals("CONNECT");
            }
        }
        return false;
    }

    /** Adapts the http package's check to the core's interface. */
    private record Counted(ContentLengthCheck check) implements BodyCheck {
        @Override
        public long declaredLength() {
            return check.declared();
        }

        @Override
        public void onData(int length) {
            check.onData(length);
        }

        @Override
        public void onEndStream() {
            check.onEndStream();
        }
    }
}
