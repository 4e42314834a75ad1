package io.h2scope.inspector.model;

import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;

/**
 * Per frame number, what a filter asks of every frame, in columns: a pass over a million frames reads none of them
 * again from its file (a recording keeps file offsets, not events: {@link EventReloader}). About 28 octets a frame.
 * Appended by the recording's appender; read from any thread below {@link Recording#frameCount()}.
 */
public final class FrameColumns {

    private static final int FLAGS_SHIFT = 8;
    private static final int INBOUND = 1 << 16;
    private static final int HAS_ERROR = 1 << 17;
    private static final int STATE_SHIFT = 18;
    private static final StreamState[] STATES = StreamState.values();

    /** Type code, flags, direction, whether it carries an error code, the stream's state after it (+1; 0: none). */
    private final IntColumn shape = new IntColumn();
    private final IntColumn stream = new IntColumn();
    private final IntColumn length = new IntColumn();
    /** RST_STREAM's or GOAWAY's error code; else 0. */
    private final IntColumn errorCode = new IntColumn();
    /** WINDOW_UPDATE's increment, GOAWAY's last stream id; else 0. */
    private final IntColumn extra = new IntColumn();
    private final IntColumn sendWindow = new IntColumn();
    private final IntColumn receiveWindow = new IntColumn();
    private final LongColumn nanos = new LongColumn();

    void add(FrameEvent e) {
        int error = e.frame() instanceof RstStreamFrame r ? r.errorCode() : e.frame() instanceof GoAwayFrame g ? g.errorCode() : 0;
        boolean hasError = e.frame() instanceof RstStreamFrame || e.frame() instanceof GoAwayFrame;
        StreamState state = e.streamStateAfter();
        shape.add(e.header().typeCode() | e.header().flags() << FLAGS_SHIFT | (e.direction() == Direction.INBOUND ? INBOUND : 0)
                | (hasError ? HAS_ERROR : 0) | (state == null ? 0 : state.ordinal() + 1) << STATE_SHIFT);
        stream.add(e.header().streamId());
        length.add(e.header().length());
        errorCode.add(error);
        extra.add(e.frame() instanceof WindowUpdateFrame w ? w.increment()
                : e.frame() instanceof GoAwayFrame g ? g.lastStreamId() : 0);
        sendWindow.add(smaller(e.connectionSendWindow(), e.streamSendWindow()));
        receiveWindow.add(smaller(e.connectionReceiveWindow(), e.streamReceiveWindow()));
        nanos.add(e.nanosSinceStart());
    }

    public int typeCode(int frame) {
        return shape.get(frame) & 0xff;
    }

    public int flags(int frame) {
        return shape.get(frame) >>> FLAGS_SHIFT & 0xff;
    }

    public Direction direction(int frame) {
        return (shape.get(frame) & INBOUND) != 0 ? Direction.INBOUND : Direction.OUTBOUND;
    }

    public int streamId(int frame) {
        return stream.get(frame);
    }

    /** The payload length, as the frame header says. */
    public int length(int frame) {
        return length.get(frame);
    }

    /** Whether it carries an error code (RST_STREAM, GOAWAY). */
    public boolean hasErrorCode(int frame) {
        return (shape.get(frame) & HAS_ERROR) != 0;
    }

    /** Its error code, unsigned; meaningful where {@link #hasErrorCode}. */
    public long errorCode(int frame) {
        return Integer.toUnsignedLong(errorCode.get(frame));
    }

    /** A WINDOW_UPDATE's increment or a GOAWAY's last stream id; 0 for other frames. */
    public int increment(int frame) {
        return extra.get(frame);
    }

    /** What the traced side may still send after the frame: the smaller of the connection's and the stream's. */
    public int sendWindow(int frame) {
        return sendWindow.get(frame);
    }

    /** What the peer may still send after the frame: the smaller of the connection's and the stream's. */
    public int receiveWindow(int frame) {
        return receiveWindow.get(frame);
    }

    /** The stream's state after the frame, or null on stream 0. */
    public StreamState stateAfter(int frame) {
        int s = shape.get(frame) >>> STATE_SHIFT & 0xf;
        return s == 0 ? null : STATES[s - 1];
    }

    /** Nanoseconds since its connection started, as recorded. */
    public long nanosSinceStart(int frame) {
        return nanos.get(frame);
    }

    /** The smaller of two windows, where -1 means the stream's is not tracked. */
    private static int smaller(int connection, int stream) {
        return stream < 0 ? connection : Math.min(connection, stream);
    }
}
