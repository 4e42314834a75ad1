package io.h2scope.engine.trace.attach;

import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.JsonlLineSplitter;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.TraceEvent;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A client of an engine's {@link AttachServer} ({@code H2SCOPE_TRACE_LISTEN}). As a reader it connects, sends the
 * token on TCP (an empty line on a Unix socket), and hands over the events as they come, with the server's {@code gap} lines (events dropped for this reader)
 * told apart: the one reader of the attach stream ({@code trace follow --attach}, the inspector, the tests).
 * {@link #command} sends one command instead ({@code trace level}, {@code trace record}). It counts
 * the octets read, so a refusal, a line the handler will not skip and a stream that ends inside a line are an
 * {@link AttachException} naming the line and the octet it began at; every event before it was handed over.
 */
public final class AttachClient implements AutoCloseable {

    /** What comes over the stream, on the reading thread. */
    public interface Handler {
        void event(TraceEvent event) throws IOException;

        /**
         * The engine's first line: {@code instance} is new each time its attach socket opens, so the same id after a
         * reconnect is the same engine (its connection ids go on), another is a new one (they start again). An engine
         * of a build before that line sends none.
         */
        default void engine(String instance, long pid) throws IOException {
        }

        /** The engine dropped {@code dropped} events for this reader (it was too slow). */
        void gap(long dropped) throws IOException;

        /**
         * A line that is not a trace event; return true to go on with the next line, false to stop reading (the read
         * then ends with an {@link AttachException} naming the line and its octet).
         */
        default boolean badLine(TraceFormatException problem) throws IOException {
            return false;
        }

        /** The lines of one read from the socket were all handed over (a moment to pass a batch on). */
        default void endOfRead() throws IOException {
        }
    }

    private final String where;
    private final ReadableByteChannel channel;
    private long events;

    /** Reads the lines of {@code channel} (already past any token exchange); {@code where} names it in errors. */
    public AttachClient(ReadableByteChannel channel, String where) {
        this.channel = channel;
        this.where = where;
    }

    /**
     * Connects to {@code address} as a reader: its first line is {@code token} on TCP (null is sent as an empty line),
     * an empty line on a Unix socket.
     *
     * @throws IOException saying where nothing listens, and what to check
     */
    public static AttachClient connect(ListenAddress address, String token) throws IOException {
        String first = address.tcp() != null && token != null ? token : "";
        return new AttachClient(open(address, first), address.toString());
    }

    /**
     * Sends one command to the engine at {@code address} ({@code request}'s members, e.g. {@code cmd} and {@code set};
     * {@code token} is added on TCP) and returns its reply's members (docs/TRACE_FORMAT.md, "The attach socket").
     *
     * @throws AttachException when the engine refused it ({@link AttachException#refused()}: a wrong token, a bad
     *                         level, ...), with its one line
     * @throws IOException     when nothing listens there, or the engine closed the socket without a reply
     */
    public static Map<String, Object> command(ListenAddress address, String token, Map<String, Object> request)
            throws IOException {
        Map<String, Object> line = new LinkedHashMap<>(request);
        if (address.tcp() != null) {
            line.put("token", token == null ? "" : token);
        }
        try (SocketChannel channel = open(address, Json.object(line))) {
            String reply = new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8).trim();
            if (reply.isEmpty()) {
                throw new IOException(address + ": the engine closed the socket without a reply");
            }
            Map<String, Object> members;
            try {
                members = JsonlLineDecoder.parse(reply, 1);
            } catch (TraceFormatException e) {
                throw new AttachException(address.toString(), 1, 0, e.detail());
            }
            if ("refused".equals(members.get("kind"))) {
                throw new AttachException(address.toString(), 1, 0, "the engine refused the command: "
                        + members.get("detail"), true);
            }
            return members;
        }
    }

    /** A channel to {@code address} with {@code firstLine} sent. */
    private static SocketChannel open(ListenAddress address, String firstLine) throws IOException {
        SocketChannel channel = address.unixPath() != null ? SocketChannel.open(StandardProtocolFamily.UNIX)
                : SocketChannel.open();
        try {
            channel.connect(address.socketAddress());
            ByteBuffer line = ByteBuffer.wrap((firstLine + "\n").getBytes(StandardCharsets.UTF_8));
            while (line.hasRemaining()) {
                channel.write(line);
            }
        } catch (IOException e) {
            channel.close();
            throw new IOException("no engine serves trace events on " + address + " (" + e.getMessage()
                    + "): check that it runs with H2SCOPE_TRACE_LISTEN=" + address, e);
        }
        return channel;
    }

    /** Events handed over so far. */
    public long eventsRead() {
        return events;
    }

    /**
     * Reads until the engine closes the stream (returns normally) or {@link #close()} is called.
     *
     * @throws AttachException when the engine refused the token ({@link AttachException#refused()}), the handler
     *                         stopped at a bad line, or the stream closed inside a line
     * @throws IOException     when the connection fails mid-stream
     */
    public void read(Handler handler) throws IOException {
        JsonlLineSplitter lines = new JsonlLineSplitter();
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n;
        while ((n = channel.read(buffer.clear())) >= 0) {
            if (n > 0) {
                lines.feed(buffer.array(), 0, buffer.position(), (octets, from, to, number) ->
                        line(octets, from, to, number, lines.lineStart(), handler));
                handler.endOfRead();
            }
        }
        if (lines.pendingOctets() > 0) {
            int cut = lines.pendingOctets();
            throw new AttachException(where, lines.lines() + 1, lines.octetsConsumed(), "the stream closed inside this "
                    + "event, after " + cut + " of its octets (" + lines.octetsFed() + " octets read in all); the "
                    + events + " events before it were read");
        }
    }

    private void line(byte[] octets, int from, int to, long number, long start, Handler handler) throws IOException {
        try {
            Map<String, Object> line = JsonlLineDecoder.parse(JsonlLineDecoder.text(octets, from, to, number), number);
            if (line == null) {
                return;
            }
            Object kind = line.get("kind");
            if ("engine".equals(kind)) {
                handler.engine(String.valueOf(line.get("instance")), line.get("pid") instanceof Long pid ? pid : -1);
            } else if ("gap".equals(kind)) {
                handler.gap(line.get("dropped") instanceof Long dropped ? dropped : 0);
            } else if ("refused".equals(kind)) {
                throw new AttachException(where, number, start, "the engine refused the attach: " + line.get("detail"), true);
            } else {
                List<TraceEvent> read = new ArrayList<>(1);
                JsonlLineDecoder.events(line, number, read::add);
                for (TraceEvent event : read) {
                    events++;
                    handler.event(event);
                }
            }
        } catch (TraceFormatException e) {
            if (!handler.badLine(e)) {
                throw new AttachException(where, number, start, e.detail());
            }
        }
    }

    /** Stops reading; a {@link #read} in progress returns. */
    @Override
    public void close() throws IOException {
        channel.close();
    }
}
