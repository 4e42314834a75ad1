package io.h2scope.engine.trace.model;

/**
 * The connection ended (its last event), with who ended it and why, and what went through it.
 *
 * @param closedBy       the side whose GOAWAY or error ended it; null when the transport just went away
 * @param cause          why
 * @param errorCode      the GOAWAY's (or the error's) code, or -1 when none
 * @param lastStreamId   the GOAWAY's last stream id, or -1 when none
 * @param debug          the GOAWAY's debug data as text, or the error's detail; empty when none
 * @param ruleId         the stable id of the rule broken ({@link ErrorRaised#ruleId()}), or null
 * @param bytesSent      octets the connection wrote
 * @param bytesReceived  octets the connection read
 * @param framesSent     frames the connection wrote
 * @param framesReceived frames the connection read (frames that broke a rule included)
 */
public record ConnectionClosed(long connectionId, long nanosSinceStart, Side closedBy, Cause cause, long errorCode,
        int lastStreamId, String debug, String ruleId, long bytesSent, long bytesReceived, long framesSent,
        long framesReceived) implements TraceEvent {

    /**
     * Whether the connection ended cleanly: by a GOAWAY without an error code (sent, received, or ours after the idle
     * timeout), or by the transport closing with no error code and no stream left open (a client that closes its
     * socket once its requests are done, as curl does). Anything else ended abnormally: a connection error, a GOAWAY
     * with an error code, a read or write that failed, a peer that vanished, a close with streams still open (the
     * peer cannot know what was processed: RFC 9113 §6.8).
     *
     * @param streamsOpen whether any stream was neither idle nor closed when the connection ended
     */
    public boolean endedCleanly(boolean streamsOpen) {
        if (errorCode > 0) {
            return false;
        }
        return switch (cause) {
            case GOAWAY_SENT, GOAWAY_RECEIVED, IDLE_TIMEOUT -> true;
            case TRANSPORT_CLOSED -> !streamsOpen;
            case CONNECTION_ERROR, IO_ERROR, PEER_VANISHED -> false;
        };
    }

    /** Why a connection ended. */
    public enum Cause {
        /** A GOAWAY was sent and no stream was left. */
        GOAWAY_SENT,
        /** A GOAWAY was received and no stream was left. */
        GOAWAY_RECEIVED,
        /** A connection error (RFC 9113 §5.4.1): GOAWAY with its code, then closed. */
        CONNECTION_ERROR,
        /** The transport closed under the connection: the peer closed the socket, or we closed it without a GOAWAY. */
        TRANSPORT_CLOSED,
        /** We sent GOAWAY NO_ERROR because the connection was idle for the transport's idle timeout. */
        IDLE_TIMEOUT,
        /** Reading or writing the socket failed (a reset, a broken pipe, a TLS failure). */
        IO_ERROR,
        /** The peer stopped answering: nothing read and no PING ACK within the transport's ping interval. */
        PEER_VANISHED
    }
}
