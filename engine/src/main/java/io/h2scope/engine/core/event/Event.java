package io.h2scope.engine.core.event;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import io.h2scope.engine.settings.Settings;

import java.util.List;

/**
 * What a connection tells its application, delivered in order to
 * {@code ConnectionListener.onEvent} while {@code receive}, {@code tick} or a command runs. A
 * listener may call the connection's commands from inside {@code onEvent}.
 */
public sealed interface Event {

    /** Which part of an HTTP message a field block is (RFC 9113 §8.1). */
    enum HeadersKind {
        /** A request (server side), or the request a PUSH_PROMISE carries. */
        REQUEST,
        /** A 1xx response; more HEADERS follow. */
        INFORMATIONAL,
        /** The final response. */
        RESPONSE,
        /** Trailers: HEADERS with END_STREAM after the header section (and any DATA). */
        TRAILERS
    }

    /** A complete, decoded and validated field block on a stream. */
    record HeadersReceived(int streamId, HeadersKind kind, List<HeaderField> headers, boolean endStream)
            implements Event {
        public HeadersReceived {
            headers = HeaderList.copyOf(headers); // no copy of a decoded block
        }

        public boolean informational() {
            return kind == HeadersKind.INFORMATIONAL;
        }

        public boolean trailers() {
            return kind == HeadersKind.TRAILERS;
        }
    }

    /**
     * DATA for the application. {@code flowControlledLength} is what it cost the windows (data,
     * Pad Length and padding); the padding is returned to the peer at once, the application
     * returns {@code data.length} through {@code consumed(streamId, n)}.
     */
    record DataReceived(int streamId, byte[] data, boolean endStream, int flowControlledLength) implements Event {
    }

    /** A stream ended by RST_STREAM; {@code byPeer} false when we sent it. {@code errorCode} is the raw 32-bit code. */
    record StreamReset(int streamId, long errorCode, boolean byPeer) implements Event {
        public String errorName() {
            return ErrorCode.nameOf(errorCode);
        }
    }

    /**
     * The peer's settings changed. {@code settings} is the peer's complete set now in force;
     * {@code received} are the known entries of the frame, in order (unknown ids are ignored).
     */
    record SettingsReceived(Settings settings, List<io.h2scope.engine.settings.Setting> received) implements Event {
        public SettingsReceived {
            received = List.copyOf(received);
        }
    }

    /** The peer acknowledged our oldest SETTINGS; {@code settings} is our set as the peer now applies it. */
    record SettingsAcked(Settings settings) implements Event {
    }

    /** The peer answered one of our PINGs with identical opaque data. */
    record PingAcked(long opaqueData) implements Event {
    }

    /** The peer sent GOAWAY; our streams above {@code lastStreamId} were not processed and are reset. */
    record GoAwayReceived(int lastStreamId, long errorCode, byte[] debugData) implements Event {
        public String errorName() {
            return ErrorCode.nameOf(errorCode);
        }
    }

    /** A WINDOW_UPDATE made room; {@code sendWindow} is the window now (stream 0: the connection). */
    record WindowUpdated(int streamId, int sendWindow) implements Event {
    }

    /** The server promised {@code promisedStreamId} for the request {@code requestHeaders} (RFC 9113 §8.4). */
    record PushPromiseReceived(int associatedStreamId, int promisedStreamId, List<HeaderField> requestHeaders)
            implements Event {
        public PushPromiseReceived {
            requestHeaders = HeaderList.copyOf(requestHeaders);
        }
    }

    /** The peer broke a stream rule; we sent RST_STREAM with the error's code. */
    record StreamErrorRaised(StreamError error) implements Event {
    }

    /**
     * A server refused a request by itself with a complete response ({@code status} 413 or 431)
     * because a limit was exceeded (body size, header list size); the stream is over.
     */
    record RequestRefused(int streamId, int status, String reason) implements Event {
    }

    /** We sent GOAWAY for a connection error; the transport should flush the output and close. */
    record ConnectionErrorRaised(ConnectionError error) implements Event {
    }

    /**
     * The connection is over: after a connection error, after GOAWAY (sent or received) once no
     * stream is left, or after the transport closed. Output may still hold bytes to flush.
     */
    record ConnectionClosed(String reason) implements Event {
    }
}
