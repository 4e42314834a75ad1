package io.h2scope.inspector.model;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.frame.DataFrame;

import java.util.ArrayList;
import java.util.List;

/**
 * A WINDOW_UPDATE's credit paired with the DATA that used up what it gives back (RFC 9113 §6.9): the receiver of
 * DATA sends the update, so the cause of an update on a {@link WindowSide#SEND} window (one the peer sent us) is
 * the latest DATA we sent before it, and on a {@link WindowSide#RECEIVE} window (one we sent) the latest DATA we
 * received; on the same stream, or on any stream for the connection's window (stream 0).
 *
 * @param update    the window's point the WINDOW_UPDATE made
 * @param updateFrame the WINDOW_UPDATE frame's number (the connection's first frame after the change), or -1
 *                    while the recording has none yet
 * @param dataFrame   the frame number of that DATA, or -1 when none came before (an update that only grows the
 *                    initial window, like a client's opening connection update)
 */
public record WindowUpdateCause(WindowPoint update, int updateFrame, int dataFrame) {

    /** The increment the update gave. */
    public int increment() {
        return update.size() - update.oldSize();
    }

    /** Every WINDOW_UPDATE point of {@code series} (a {@link ConnectionHistory#windowSeries}) with its DATA. */
    public static List<WindowUpdateCause> of(ConnectionHistory connection, int streamId, WindowSide side,
            List<WindowPoint> series) {
        Pairing pairing = new Pairing(connection, streamId, side);
        List<WindowUpdateCause> pairs = new ArrayList<>();
        for (WindowPoint p : series) {
            if (p.cause() == WindowCause.WINDOW_UPDATE) {
                pairs.add(pairing.pair(p));
            }
        }
        return pairs;
    }

    /**
     * Pairs the WINDOW_UPDATE points of one window's series, given in order, with their DATA: it walks the
     * connection's frames once, alongside the series, so a series that grows is paired point by point.
     */
    public static final class Pairing {
        private final ConnectionHistory connection;
        private final Recording recording;
        private final int streamId;
        private final Direction dataDirection;
        private int position;
        private int lastData = -1;

        public Pairing(ConnectionHistory connection, int streamId, WindowSide side) {
            this.connection = connection;
            this.recording = connection.recording();
            this.streamId = streamId;
            this.dataDirection = side == WindowSide.SEND ? Direction.OUTBOUND : Direction.INBOUND;
        }

        /** The cause of WINDOW_UPDATE point {@code p}, later in the series than the one paired before. */
        public WindowUpdateCause pair(WindowPoint p) {
            int frames = connection.frameCount();
            while (position < frames && recording.frameEvent(connection.frameNumber(position)) < p.eventIndex()) {
                int number = connection.frameNumber(position++);
                FrameEvent f = recording.frame(number);
                if (f.frame() instanceof DataFrame && f.direction() == dataDirection
                        && (streamId == 0 || f.streamId() == streamId)) {
                    lastData = number;
                }
            }
            return new WindowUpdateCause(p, position < frames ? connection.frameNumber(position) : -1, lastData);
        }

        /**
         * {@code cause} with its WINDOW_UPDATE frame, once the recording has it ({@code cause} itself until then): the
         * window changes before its frame's event, so a growing recording may end between the two. Call it before
         * pairing a later point.
         */
        public WindowUpdateCause resolve(WindowUpdateCause cause) {
            if (cause.updateFrame() >= 0 || position >= connection.frameCount()) {
                return cause;
            }
            return new WindowUpdateCause(cause.update(), connection.frameNumber(position), cause.dataFrame());
        }
    }
}
