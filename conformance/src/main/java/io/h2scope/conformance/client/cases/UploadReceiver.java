package io.h2scope.conformance.client.cases;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.time.Duration;

/**
 * The server's receive side of one upload, judging the client as a sender of DATA (RFC 9113 §5.2, §6.9): every frame
 * within SETTINGS_MAX_FRAME_SIZE, the stream's octets within the initial window plus the server's WINDOW_UPDATEs, the
 * connection's within 65,535 plus its WINDOW_UPDATEs. While the client has not acknowledged a change of
 * SETTINGS_INITIAL_WINDOW_SIZE it may still count with the old value, so the larger of the two holds until then.
 */
final class UploadReceiver {

    private final ScriptedPeer peer;
    private long initial = ClientWindows.DEFAULT_WINDOW;
    private long previousInitial = ClientWindows.DEFAULT_WINDOW;
    private int unacknowledged;
    private long streamGrants;
    private long connectionGrants;
    private int stream = -1;
    private long streamOctets;
    private long connectionOctets;
    private int largestFrame;
    private boolean ended;
    private String ending;
    private String violation;

    UploadReceiver(ScriptedPeer peer) {
        this.peer = peer;
    }

    /** The server's SETTINGS (with SETTINGS_INITIAL_WINDOW_SIZE {@code initialWindow} unless it is the default). */
    void settings(long initialWindow) throws IOException {
        peer.send(initialWindow == ClientWindows.DEFAULT_WINDOW ? SettingsFrame.of()
                : SettingsFrame.of(new RawSetting(ClientWindows.SETTINGS_INITIAL_WINDOW_SIZE, initialWindow)));
        if (unacknowledged == 0) {
            previousInitial = initial;
        }
        unacknowledged++;
        initial = initialWindow;
    }

    /** The ACK of the client's SETTINGS. */
    void acknowledge() throws IOException {
        peer.send(SettingsFrame.ackFrame());
    }

    /** WINDOW_UPDATEs for the upload's stream and the connection (an increment of 0 sends none). */
    void grant(long onStream, long onConnection) throws IOException {
        if (onStream > 0 && stream > 0) {
            peer.send(WindowUpdateFrame.of(stream, (int) onStream));
            streamGrants += onStream;
        }
        if (onConnection > 0) {
            peer.send(WindowUpdateFrame.of(0, (int) onConnection));
            connectionGrants += onConnection;
        }
    }

    /**
     * Reads what the client sends until it has said nothing for {@code quiet}, the body has ended, the connection
     * ended, or a rule was broken. True when it stopped because the client went quiet.
     */
    boolean pump(Duration quiet) {
        while (!over()) {
            Incoming in = peer.next(quiet);
            if (in == null) {
                return true;
            }
            take(in);
        }
        return false;
    }

    private void take(Incoming in) {
        if (in instanceof Incoming.Closed c) {
            ending = "the client closed the connection (" + c.how() + ")";
        } else if (in instanceof Incoming.BrokenFrame b) {
            violation = "sent a frame the server's settings do not allow: " + b.header() + " " + b.violation();
        } else if (in instanceof Incoming.FrameIn f) {
            if (f.frame() instanceof SettingsFrame s && s.ack() && unacknowledged > 0) {
                unacknowledged--;
            } else if (f.frame() instanceof HeadersFrame h && stream < 0) {
                stream = h.streamId();
                ended = h.endStream();
            } else if (f.frame() instanceof DataFrame d) {
                data(d);
            } else if (f.frame() instanceof RstStreamFrame || f.frame() instanceof GoAwayFrame) {
                ending = "the client sent " + ServerMoves.describe(f.frame());
            }
        }
    }

    private void data(DataFrame d) {
        int length = d.payloadLength();
        largestFrame = Math.max(largestFrame, length);
        connectionOctets += length;
        if (length > FrameSizes.DEFAULT_MAX_FRAME_SIZE) {
            violation = "sent a DATA frame of " + length + " octets; the server's SETTINGS_MAX_FRAME_SIZE is 16384";
        } else if (connectionOctets > ClientWindows.DEFAULT_WINDOW + connectionGrants) {
            violation = "sent " + connectionOctets + " octets of DATA on the connection; its window allowed "
                    + (ClientWindows.DEFAULT_WINDOW + connectionGrants);
        }
        if (d.streamId() == stream) {
            streamOctets += length;
            long allowed = (unacknowledged == 0 ? initial : Math.max(initial, previousInitial)) + streamGrants;
            if (violation == null && streamOctets > allowed) {
                violation = "sent " + streamOctets + " octets of DATA on stream " + stream + "; its window allowed "
                        + allowed + " (initial " + initial + (unacknowledged == 0 ? ", acknowledged" : "")
                        + " + WINDOW_UPDATEs " + streamGrants + ")";
            }
            ended |= d.endStream();
        }
    }

    boolean over() {
        return ended || ending != null || violation != null;
    }

    boolean ended() {
        return ended;
    }

    boolean acknowledged() {
        return unacknowledged == 0;
    }

    int stream() {
        return stream;
    }

    long streamOctets() {
        return streamOctets;
    }

    int largestFrame() {
        return largestFrame;
    }

    /** The first rule the client broke, or null. */
    String violation() {
        return violation;
    }

    /** Why the upload stopped before its end (the client closed, reset), or null. */
    String ending() {
        return ending;
    }
}
