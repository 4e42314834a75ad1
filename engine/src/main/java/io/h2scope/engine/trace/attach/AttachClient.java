package io.h2scope.engine.trace.attach;

import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.JsonlLineSplitter;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A reader attached to an engine's {@link AttachServer} ({@code H2SCOPE_TRACE_LISTEN}): connects, sends the token on
 * TCP, and hands over the events as they come, with the server's {@code gap} lines (events dropped for this reader)
 * and its refusal (a wrong token) told apart. The one client of the attach stream ({@code trace follow --attach}, the
 * inspector).
 */
public final class AttachClient implements AutoCloseable {

    /** What comes over the stream, on the reading thread. */
    public interface Handler {
        void event(TraceEvent event) throws IOException;

        /** The engine dropped {@code dropped} events for this reader (it was too slow). */
        void gap(long dropped) throws IOException;

        /**
         * A line that is not a trace event; return true to go on with the next line, false to stop reading.
         */
        boolean badLine(TraceFormatException problem) throws IOException;

        /** The lines of one read from the socket were all handed over (a moment to pass a batch on). */
        default void endOfRead() throws IOException {
        }
    }

    /** The engine refused this reader (a wrong or missing token). */
    public static final class RefusedException extends IOException {
        RefusedException(String message) {
            super(message);
        }
    }

    private final ListenAddress address;
    private final SocketChannel channel;

    private AttachClient(ListenAddress address, SocketChannel channel) {
        this.address = address;
        this.channel = channel;
    }

    /**
     * Connects to {@code address} and sends {@code token} (TCP only; null is sent as an empty line).
     *
     * @throws IOException saying where nothing listens, and what to check
     */
    public static AttachClient connect(ListenAddress address, String token) throws IOException {
        SocketChannel channel = address.unixPath() != null ? SocketChannel.open(StandardProtocolFamily.UNIX)
                : SocketChannel.open();
        try {
            channel.connect(address.socketAddress());
            if (address.tcp() != null) {
                ByteBuffer line = ByteBuffer.wrap(((token == null ? "" : token) + "\n").getBytes(StandardCharsets.US_ASCII));
                while (line.hasRemaining()) {
                    channel.write(line);
                }
            }
        } catch (IOException e) {
            channel.close();
            throw new IOException("no engine serves trace events on " + address + " (" + e.getMessage()
                    + "): check that it runs with H2SCOPE_TRACE_LISTEN=" + address, e);
        }
        return new AttachClient(address, channel);
    }

    public ListenAddress address() {
        return address;
    }

    /**
     * Reads until the engine closes the stream (returns normally), {@link #close()} is called, or the handler
     * stops at a bad line.
     *
     * @throws RefusedException when the engine refused the token
     * @throws IOException      when the connection fails mid-stream
     */
    public void read(Handler handler) throws IOException {
        JsonlLineSplitter lines = new JsonlLineSplitter();
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        boolean[] stop = new boolean[1];
        while (!stop[0] && channel.read(buffer.clear()) > 0) {
            lines.feed(buffer.array(), 0, buffer.position(), (octets, from, to, number) -> {
                if (!stop[0]) {
                    stop[0] = !line(octets, from, to, number, handler);
                }
            });
            handler.endOfRead();
        }
    }

    private boolean line(byte[] octets, int from, int to, long number, Handler handler) throws IOException {
        try {
            Map<String, Object> line = JsonlLineDecoder.parse(JsonlLineDecoder.text(octets, from, to, number), number);
            if (line == null) {
                return true;
            }
            Object kind = line.get("kind");
            if ("gap".equals(kind)) {
                handler.gap(line.get("dropped") instanceof Long n ? n : 0);
            } else if ("refused".equals(kind)) {
                throw new RefusedException("the engine on " + address + " refused the attach: " + line.get("detail")
                        + "; give the token it printed at start-up");
            } else {
                TraceEvent event = JsonlLineDecoder.event(line, number);
                if (event != null) {
                    handler.event(event);
                }
            }
            return true;
        } catch (TraceFormatException e) {
            return handler.badLine(e);
        }
    }

    /** Stops reading; a {@link #read} in progress returns. */
    @Override
    public void close() throws IOException {
        channel.close();
    }
}
