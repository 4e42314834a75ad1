package io.h2scope.engine.error;

/** RFC 9113 §5.4.2: the endpoint sends RST_STREAM with {@link #code()} on one stream. */
public final class StreamError extends H2Exception {

    private static final long serialVersionUID = 1L;

    private final int streamId;

    public StreamError(int streamId, ErrorCode code, SpecRef spec, String detail) {
        this(streamId, code, spec, detail, null);
    }

    /** {@code rule}: the named rule that was broken, or null. */
    public StreamError(int streamId, ErrorCode code, SpecRef spec, String detail, Rule rule) {
        super(code, spec, detail, rule);
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
