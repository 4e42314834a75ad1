package io.h2scope.engine.trace.attach;

import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The reading end of a live attach ({@link AttachServer}): sends the token on TCP, then hands each line to a
 * {@link Listener} as it arrives, until the engine closes the stream. It counts the octets read, so a stream
 * that ends inside a line, or a line that is not an event, is an {@link AttachException} naming the line and
 * the octet it began at; every event before it has been handed over already.
 */
public final class AttachReader implements AutoCloseable {

    /** What the stream carries, line by line. */
    public interface Listener {
        void event(TraceEvent event);

        /** The engine dropped {@code dropped} events for this reader: it fell behind. */
        void gap(long dropped);
    }

    private final ReadableByteChannel channel;
    private final String where;
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long octets;
    private long lines;
    private long events;

    /** Reads lines from {@code channel} (already past any token exchange); {@code where} names it in errors. */
    public AttachReader(ReadableByteChannel channel, String where) {
        this.channel = channel;
        this.where = where;
    }

    /** Connects to an engine's {@code H2SCOPE_TRACE_LISTEN}, sending {@code token} (TCP only; null for none). */
    public static AttachReader connect(ListenAddress address, String token) throws IOException {
        SocketChannel channel = address.unixPath() != null ? SocketChannel.open(StandardProtocolFamily.UNIX)
                : SocketChannel.open();
        try {
            channel.connect(address.socketAddress());
            if (address.tcp() != null) {
                ByteBuffer first = ByteBuffer.wrap(((token == null ? "" : token) + "\n").getBytes(StandardCharsets.US_ASCII));
                while (first.hasRemaining()) {
                    channel.write(first);
                }
            }
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new AttachReader(channel, address.toString());
    }

    /**
     * Reads until the engine closes the stream, handing every line over in order.
     *
     * @throws AttachException when the stream ends inside a line, a line is not a trace event, or the engine
     *                         refused the attach
     */
    public void readAll(Listener listener) throws IOException {
        while (true) {
            buffer.clear();
            if (channel.read(buffer) < 0) {
                break;
            }
            buffer.flip();
            while (buffer.hasRemaining()) {
                byte b = buffer.get();
                if (b == '\n') {
                    long begin = octets;
                    octets += line.size() + 1;
                    lines++;
                    handle(begin, listener);
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        }
        if (line.size() > 0) {
            throw new AttachException(where, lines + 1, octets, "the stream closed inside this event, after "
                    + line.size() + " of its octets (" + (octets + line.size()) + " octets read in all); the "
                    + events + " events before it were read");
        }
    }

    /** Octets of the complete lines read so far. */
    public long octetsRead() {
        return octets;
    }

    /** Events handed over so far. */
    public long eventsRead() {
        return events;
    }

    @SuppressWarnings("unchecked")
    private void handle(long begin, Listener listener) throws AttachException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(line.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new AttachException(where, lines, begin, "not UTF-8 text");
        }
        if (text.isBlank()) {
            return;
        }
        Map<String, Object> o;
        try {
            o = (Map<String, Object>) Json.parse(text);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new AttachException(where, lines, begin, "not a JSON object (" + e.getMessage() + ")");
        }
        Object kind = o.get("kind");
        if ("gap".equals(kind) && o.get("dropped") instanceof Long dropped) {
            listener.gap(dropped);
        } else if ("refused".equals(kind)) {
            throw new AttachException(where, lines, begin, "the engine refused the attach: " + o.get("detail"), true);
        } else {
            TraceEvent event;
            try {
                event = TraceEventJson.read(o);
            } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
                throw new AttachException(where, lines, begin, "not a trace event: " + e.getMessage());
            }
            if (event != null) {
                events++;
                listener.event(event);
            }
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
