package io.h2scope.engine.error;

/** RFC 9113 §5.4.2: the endpoint sends RST_STREAM with {@link #code()} on one stream. */
public final class StreamError extends H2Exception {

    private static final long serialVersionUID = 1L;

    private final int streamId;

    /** The stream error for {@code rule} on {@code streamId} (above 0), with the rule's code and section. */
    public StreamError(int streamId, Rule rule, String detail) {
        super(rule.code(), rule.spec(), detail, rule);
        if (streamId <= 0) {
            throw new IllegalArgumentException("a stream error needs a stream id > 0, got " + streamId);
        }
        this.streamId = streamId;
    }

    public int streamId() {
        return streamId;
    }

    @Override
    public ErrorScope scope() {
        return ErrorScope.STREAM;
    }

    @Override
    public String getMessage() {
        return super.getMessage() + " [stream " + streamId + "]";
    }
}
