package io.h2scope.engine.core;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.trace.model.ConnectionClosed;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The GOAWAY frames of one connection, ours and the peer's (RFC 9113 §6.8): which streams each still
 * admits, and the last one, which the close's trace event names.
 */
final class GoAwayState {

    private static final int MAX_DEBUG_DATA = 256;

    private boolean sent;
    private boolean received;
    /** Our GOAWAY was the transport's idle timeout. */
    private boolean idle;
    private int lastSentId = Integer.MAX_VALUE;
    private int peerLastStreamId = Integer.MAX_VALUE;
    /** The last GOAWAY sent or received: code (-1: none), last stream, debug text. */
    private long code = -1;
    private int lastStreamId = -1;
    private String debug = "";

    /**
     * Our GOAWAY, naming the last peer stream we accepted: the frame to write. Its last stream id never
     * rises above one sent before (RFC 9113 §6.8: "MUST NOT increase the value they send").
     */
    GoAwayFrame send(ErrorCode errorCode, int lastRemoteId, String debugText) {
        lastSentId = Math.min(lastSentId, lastRemoteId);
        sent = true;
        remember(errorCode.code(), lastSentId, debugText);
        return GoAwayFrame.of(lastSentId, errorCode, debugBytes(debugText));
    }

    /** The GOAWAY we are about to {@link #send} answers the transport's idle timer. */
    void sendingForIdleTimeout() {
        idle = true;
    }

    void received(GoAwayFrame frame) {
        received = true;
        remember(frame.errorCode() & 0xffffffffL, frame.lastStreamId(),
                new String(frame.debugData(), StandardCharsets.ISO_8859_1));
        peerLastStreamId = Math.min(peerLastStreamId, frame.lastStreamId());
    }

    /** Whether either side sent GOAWAY: no new streams open, and the connection ends with its last stream. */
    boolean sentOrReceived() {
        return sent || received;
    }

    boolean sent() {
        return sent;
    }

    boolean received() {
        return received;
    }

    /** Whether a new peer stream arrives after our GOAWAY and must be refused. */
    boolean refusesNewPeerStream(int streamId) {
        return sent && streamId > lastSentId;
    }

    /** Whether one of our streams is above the peer's last stream id: it "will not be processed" (§6.8). */
    boolean refusedByPeer(int streamId) {
        return streamId > peerLastStreamId;
    }

    /** Why a connection whose last stream closed after a GOAWAY ends. */
    ConnectionClosed.Cause closeCause() {
        return idle ? ConnectionClosed.Cause.IDLE_TIMEOUT
                : sent ? ConnectionClosed.Cause.GOAWAY_SENT : ConnectionClosed.Cause.GOAWAY_RECEIVED;
    }

    /** The last GOAWAY's error code, -1 when none was sent or received. */
    long lastCode() {
        return code;
    }

    /** The last GOAWAY's last stream id, -1 when none. */
    int lastStreamId() {
        return lastStreamId;
    }

    /** The last GOAWAY's debug text, empty when none. */
    String lastDebug() {
        return debug;
    }

    private void remember(long errorCode, int lastStream, String debugText) {
        code = errorCode;
        lastStreamId = lastStream;
        debug = debugText == null ? "" : debugText;
    }

    private static byte[] debugBytes(String debug) {
        byte[] bytes = debug == null ? new byte[0] : debug.getBytes(StandardCharsets.UTF_8);
        return bytes.length <= MAX_DEBUG_DATA ? bytes : Arrays.copyOf(bytes, MAX_DEBUG_DATA);
    }
}
