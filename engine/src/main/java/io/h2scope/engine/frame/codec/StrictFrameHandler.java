package io.h2scope.engine.frame.codec;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;

/**
 * The handler the connection core uses: violations become typed errors.
 * <ul>
 *   <li>A connection-scope violation is <b>thrown</b> as {@link ConnectionError} out of
 *       {@link FrameReader#read}; the reader is failed by then, and the bytes after the bad
 *       frame are left unread in the buffer (the connection is over: GOAWAY and close).</li>
 *   <li>A stream-scope violation is <b>delivered</b> to {@link #onStreamError} and reading goes on
 *       with the next frame: the connection survives a stream error (RFC9113 §5.4.2), so throwing
 *       would only make every caller loop back into {@code read}.</li>
 * </ul>
 */
public interface StrictFrameHandler extends FrameHandler {

    /** A stream error to answer with RST_STREAM; {@code header} is the offending frame's header. */
    void onStreamError(FrameHeader header, StreamError error);

    @Override
    default void onViolation(FrameHeader header, Violation violation) {
        H2Exception error = violation.toException(header.streamId());
        if (error instanceof StreamError streamError) {
            onStreamError(header, streamError);
        } else {
            throw (ConnectionError) error;
        }
    }
}
