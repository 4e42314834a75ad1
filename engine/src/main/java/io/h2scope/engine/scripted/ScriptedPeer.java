package io.h2scope.engine.scripted;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionOpened;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A scripted raw HTTP/2 endpoint over one {@link Wire} (a blocking socket, or a connection under test in memory),
 * as the client or as the server: it writes whatever the script says (frames through {@link FrameWriter}, frames with
 * any header through {@link RawFrameWriter}, octets that are no frame at all) and no state machine stands in the way,
 * so it can break any rule on purpose. Everything both
 * ways goes through an {@link Http2Observer}: what the other side sent comes back as {@link Incoming}s decoded
 * there (field blocks included, the HPACK state in step), and a {@link TraceSink} given at the start hears the
 * observer's events of both directions. It answers nothing by itself. One thread; not thread-safe.
 */
public final class ScriptedPeer implements AutoCloseable {

    /** How long a read waits when the script names no wait: a frame that has not come by then never will. */
    public static final Duration DEFAULT_PATIENCE = Duration.ofSeconds(30);

    private static final AtomicLong CONNECTION_IDS = new AtomicLong();

    private final Role role;
    private final Wire wire;
    private final Http2Observer observer;
    private final Inbox inbox = new Inbox();
    private final HpackEncoder encoder = new HpackEncoder(4096);
    private final byte[] readBuffer = new byte[16 * 1024];
    /** The first octets the other side sent, kept to tell what a side that is no HTTP/2 answered. */
    private final byte[] first = new byte[64];
    private int firstLength;
    private Duration patience = DEFAULT_PATIENCE;
    private Incoming.Closed closed;

    private ScriptedPeer(Wire wire, ConnectionOpened opened, TraceSink sink, long startNanos) {
        this.role = opened.role();
        this.wire = wire;
        this.observer = new Http2Observer(opened, sink, startNanos);
        observer.listen(other(role), inbox);
    }

    /** The client of a connection the caller opened (and prepared: TLS, ALPN); sends nothing yet. */
    public static ScriptedPeer client(Socket connected, TraceSink sink) throws IOException {
        return over(new SocketWire(connected), Role.CLIENT, sink);
    }

    /** The server of a connection the caller accepted; reads nothing yet. */
    public static ScriptedPeer server(Socket accepted, TraceSink sink) throws IOException {
        return over(new SocketWire(accepted), Role.SERVER, sink);
    }

    /** A peer of role {@code role} over any wire (a connection under test in memory, say); sends nothing yet. */
    public static ScriptedPeer over(Wire wire, Role role, TraceSink sink) {
        return new ScriptedPeer(wire, ConnectionOpened.of(CONNECTION_IDS.incrementAndGet(), 0, role), sink, System.nanoTime());
    }

    /**
     * As {@link #over(Wire, Role, TraceSink)}, the observer publishing {@code opened} first (its connection id, role,
     * addresses, wall clock) and timing its events from {@code startNanos} ({@link System#nanoTime()}).
     */
    public static ScriptedPeer over(Wire wire, ConnectionOpened opened, TraceSink sink, long startNanos) {
        return new ScriptedPeer(wire, opened, sink, startNanos);
    }

    /** A client connected to {@code port} on 127.0.0.1 over plain TCP (h2c, prior knowledge); sends nothing yet. */
    public static ScriptedPeer connect(int port) throws IOException {
        return connect("127.0.0.1", new InetSocketAddress("127.0.0.1", port));
    }

    /** As {@link #connect(int)}, from the local address {@code fromHost} (127.0.0.2, say: another client address). */
    public static ScriptedPeer connect(String fromHost, InetSocketAddress to) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.bind(new InetSocketAddress(fromHost, 0));
            socket.connect(to, (int) DEFAULT_PATIENCE.toMillis());
            return client(socket, TraceSink.NONE);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** The server of the next connection {@code listener} accepts, waiting at most {@link #DEFAULT_PATIENCE}. */
    public static ScriptedPeer accept(ServerSocket listener) throws IOException {
        listener.setSoTimeout((int) DEFAULT_PATIENCE.toMillis());
        Socket socket = listener.accept();
        try {
            socket.setTcpNoDelay(true);
            return server(socket, TraceSink.NONE);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** How long {@link #await} and {@link #next()} wait from now on. */
    public ScriptedPeer patience(Duration wait) {
        this.patience = wait;
        return this;
    }

    public Role role() {
        return role;
    }

    /** The observer both directions go through (its state: stream states, windows, SETTINGS of both sides). */
    public Http2Observer observer() {
        return observer;
    }

    // ---- the script's writes

    /** The client connection preface octets alone (RFC 9113 §3.4). */
    public void sendPreface() throws IOException {
        send(Preface.bytes());
    }

    /**
     * The usual opening without waiting for the other side: a client sends the preface; either side then sends an
     * empty SETTINGS and the ACK of the other side's SETTINGS (RFC 9113 §3.4 has that SETTINGS come first).
     */
    public ScriptedPeer greet() throws IOException {
        if (role == Role.CLIENT) {
            sendPreface();
        }
        send(SettingsFrame.of(List.of()));
        send(SettingsFrame.ackFrame());
        return this;
    }

    /**
     * A server's wait for the client's 24-octet preface (RFC 9113 §3.4).
     *
     * @throws ProtocolException when other octets come, or the connection ends first
     */
    public void readPreface() throws IOException {
        byte[] expected = Preface.bytes();
        byte[] seen = new byte[expected.length];
        int n = 0;
        long deadline = System.nanoTime() + patience.toNanos();
        while (n < seen.length) {
            long remaining = deadline - System.nanoTime();
            // no more than the rest of the preface: what follows it is read as frames
            byte[] chunk = new byte[seen.length - n];
            int got = wire.read(chunk, Math.max(0, remaining));
            if (got == 0 && remaining <= 0) {
                throw new SocketTimeoutException("no client preface within " + patience.toMillis() + " ms (RFC 9113 §3.4)");
            } else if (got < 0) {
                throw new ProtocolException("the connection ended after " + n + " octets of the client preface"
                        + " (RFC 9113 §3.4)");
            }
            System.arraycopy(chunk, 0, seen, n, got);
            n += got;
        }
        observer.clientBytes(ByteBuffer.wrap(seen), System.nanoTime());
        if (!Arrays.equals(seen, expected)) {
            throw new ProtocolException("the client sent " + printable(seen) + " instead of the connection preface"
                    + " (RFC 9113 §3.4)");
        }
    }

    /** Sends a frame exactly as the record describes it; no size or RFC check. */
    public void send(Frame frame) throws IOException {
        send(FrameWriter.encode(frame));
    }

    /** Sends a frame of any type, flags and stream; its Length field is the payload's length. */
    public void sendRaw(int typeCode, int flags, int streamId, byte[] payload) throws IOException {
        send(RawFrameWriter.frame(typeCode, flags, streamId, payload));
    }

    /** Sends octets as they are: a frame header that lies about its length, half a frame, no frame at all. */
    public void send(byte[] octets) throws IOException {
        // observed first: what the script sent is on record even when the other side has gone and the write fails
        observeOwn(octets);
        wire.write(octets);
    }

    /**
     * Sends many frames already encoded back to back in one write, observed after the write: a flood reaches the
     * other side without waiting for its own decoding, so the timing is the other side's.
     */
    public void sendBatch(byte[] frames) throws IOException {
        try {
            wire.write(frames);
        } finally {
            observeOwn(frames);
        }
    }

    private void observeOwn(byte[] octets) {
        ByteBuffer view = ByteBuffer.wrap(octets);
        if (role == Role.CLIENT) {
            observer.clientBytes(view, System.nanoTime());
        } else {
            observer.serverBytes(view, System.nanoTime());
        }
    }

    /** A field block encoded with this connection's HPACK encoder (its dynamic table persists). */
    public byte[] encode(List<HeaderField> fields) {
        return encoder.encode(fields);
    }

    /** One HEADERS frame (END_HEADERS set) carrying {@code fields}. */
    public void headers(int streamId, List<HeaderField> fields, boolean endStream) throws IOException {
        send(HeadersFrame.of(streamId, encode(fields), endStream, true));
    }

    /** A client's GET of {@code path} on stream {@code streamId}, ending the stream (http, authority localhost). */
    public void get(int streamId, String path) throws IOException {
        headers(streamId, List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "localhost"), new HeaderField(":path", path)), true);
    }

    // ---- what the other side did

    /** The next thing the other side did, waiting at most the patience; null when nothing came by then. */
    public Incoming next() {
        return next(patience);
    }

    /** The next thing the other side did, waiting at most {@code wait}; null when nothing came by then. */
    public Incoming next(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (inbox.pending.isEmpty() && closed == null) {
            long remaining = deadline - System.nanoTime();
            // a wait of zero still takes what is there
            if (!readOnce(Duration.ofNanos(Math.max(0, remaining))) && remaining <= 0) {
                return null;
            }
        }
        // what came before the end is told first
        return inbox.pending.isEmpty() ? closed : inbox.pending.poll();
    }

    /** What was read and not taken yet, oldest first; null when nothing is (the end is {@link #closed()}). */
    public Incoming poll() {
        return inbox.pending.poll();
    }

    /** How the connection ended, once a read saw it end; null before. */
    public Incoming.Closed closed() {
        return closed;
    }

    /**
     * Reads until a frame matches (returned) or the connection ends (null), skipping other frames.
     *
     * @throws SocketTimeoutException when neither happened within the patience
     * @throws ProtocolException when the other side sent a frame the reader could not take, or a block that does
     *         not decode
     */
    public Frame await(Predicate<Frame> wanted) throws IOException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            Incoming incoming = next(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (incoming == null) {
                throw new SocketTimeoutException("no frame the script waits for within " + patience.toMillis() + " ms");
            } else if (incoming instanceof Incoming.Closed) {
                return null;
            } else if (incoming instanceof Incoming.FrameIn f && wanted.test(f.frame())) {
                return f.frame();
            } else if (incoming instanceof Incoming.BrokenFrame b) {
                throw new ProtocolException("the other side sent a broken frame: " + b.header() + " " + b.violation());
            } else if (incoming instanceof Incoming.UndecodableBlock u) {
                throw new ProtocolException("the other side's field block on stream " + u.streamId()
                        + " does not decode: " + u.error().getMessage());
            }
        }
    }

    /** True when the connection ended before a frame matching {@code wanted} came. */
    public boolean closedWithout(Predicate<Frame> wanted) throws IOException {
        return await(wanted) == null;
    }

    /** The decoded field block a frame the other side sent completed (a HEADERS with END_HEADERS, say); null if none. */
    public List<HeaderField> fields(Frame frame) {
        return inbox.fields.get(frame);
    }

    /** Every whole frame the other side sent so far, in order. */
    public List<Frame> received() {
        return List.copyOf(inbox.frames);
    }

    /**
     * The first octets the other side sent (up to 64), as read: what {@code FirstOctets} tells frames from an HTTP/1.1
     * answer, a TLS record or text by.
     */
    public byte[] firstOctets() {
        return Arrays.copyOf(first, firstLength);
    }

    /** True once a read saw the connection end. */
    public boolean isClosed() {
        return closed != null;
    }

    /**
     * One read from the wire, waiting at most {@code wait}: the octets go through the observer, what it read is
     * queued for {@link #poll()}. True when octets came or the connection ended. For a script that looks at each
     * read itself; {@link #next} and {@link #await} read for the others.
     */
    public boolean readOnce(Duration wait) {
        if (closed != null) {
            return true;
        }
        int n;
        try {
            n = wire.read(readBuffer, wait.toNanos());
        } catch (IOException e) { // a reset, a TLS alert: the connection is over either way
            closed = new Incoming.Closed("reset (" + e.getMessage() + ")");
            return true;
        }
        if (n < 0) {
            closed = new Incoming.Closed("closed (EOF)");
            return true;
        }
        int kept = Math.min(n, first.length - firstLength);
        System.arraycopy(readBuffer, 0, first, firstLength, kept);
        firstLength += kept;
        ByteBuffer view = ByteBuffer.wrap(readBuffer, 0, n);
        if (role == Role.CLIENT) {
            observer.serverBytes(view, System.nanoTime());
        } else {
            observer.clientBytes(view, System.nanoTime());
        }
        return n > 0;
    }

    private static Role other(Role role) {
        return role == Role.CLIENT ? Role.SERVER : Role.CLIENT;
    }

    private static String printable(byte[] bytes) {
        StringBuilder text = new StringBuilder("\"");
        for (byte b : bytes) {
            text.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b & 0xff));
        }
        return text.append('"').toString();
    }

    @Override
    public void close() throws IOException {
        wire.close();
    }
}
