package io.h2scope.engine.trace.attach;

import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.jsonl.LineOctets;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves the event stream live to local readers ({@code H2SCOPE_TRACE_LISTEN}, {@code trace follow --attach},
 * the GUI) as JSONL v2 lines, the same as the recording. A reader that attaches first gets, per open connection,
 * its {@code opened} line (addresses, role, the clock of its time 0) and a {@code snapshot} line (so its views are
 * complete at once), then every event from that moment on. On
 * TCP (loopback only) the reader's first line must be the token printed once at start-up; a Unix socket file
 * is made mode 0600.
 *
 * <p>The engine never waits for a reader: each has a bounded queue, and what does not fit is dropped and counted;
 * when there is room again the reader gets one {@code {"v":2,"kind":"gap","dropped":N}} line. While any reader
 * could attach, every connection's events also feed a {@link ConnectionModel} here (for the snapshots), under one
 * lock: a debugging mode, not free.
 */
public final class AttachServer implements TraceSink, AutoCloseable {

    /** Lines a reader may be behind before events are dropped for it. */
    static final int QUEUE_LINES = 10_000;
    /** The line being built; reused, so a line costs only the copy each reader's queue holds. */
    private static final ThreadLocal<LineOctets> LINE = ThreadLocal.withInitial(() -> new LineOctets(1024));

    private final ListenAddress address;
    private final ServerSocketChannel server;
    private final String token;
    private final Object lock = new Object();
    private final Map<Long, ConnectionModel> open = new java.util.HashMap<>();
    private final List<Reader> readers = new CopyOnWriteArrayList<>();
    private final Thread acceptor;
    private volatile boolean closed;

    /**
     * Binds {@code address} and starts accepting readers; the TCP token is printed once on {@code notices}.
     *
     * @throws IOException if the address cannot be bound
     */
    public AttachServer(ListenAddress address, PrintStream notices) throws IOException {
        this.address = address;
        if (address.unixPath() != null) {
            Files.deleteIfExists(address.unixPath()); // a socket file left by a process that died
            server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
            server.bind(address.socketAddress());
            // only the owner may read the stream: it holds header values and bodies
            Files.setPosixFilePermissions(address.unixPath(), PosixFilePermissions.fromString("rw-------"));
            token = null;
        } else {
            server = ServerSocketChannel.open();
            server.bind(address.socketAddress());
            byte[] secret = new byte[16];
            new SecureRandom().nextBytes(secret);
            token = HexFormat.of().formatHex(secret);
        }
        notices.println("h2scope: trace events served on " + where()
                + (token == null ? "" : " (token " + token + ": the reader's first line)"));
        acceptor = new Thread(this::acceptLoop, "h2scope-trace-attach");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The address bound ({@code 127.0.0.1:PORT} with the port chosen for port 0, or the socket path). */
    public String where() {
        try {
            return address.unixPath() != null ? address.unixPath().toString()
                    : address.tcp().getAddress().getHostAddress() + ":"
                            + ((java.net.InetSocketAddress) server.getLocalAddress()).getPort();
        } catch (IOException e) {
            return address.toString();
        }
    }

    /** How many readers are attached now (each gets every event from its attach on). */
    public int readers() {
        return readers.size();
    }

    /** The TCP token, or null on a Unix socket. */
    public String token() {
        return token;
    }

    @Override
    public boolean enabled() {
        return !closed;
    }

    @Override
    public void onEvent(TraceEvent event) {
        byte[] line = line(event);
        synchronized (lock) {
            ConnectionModel model = open.computeIfAbsent(event.connectionId(), ConnectionModel::new);
            model.apply(event);
            if (event instanceof ConnectionClosed) {
                open.remove(event.connectionId());
            }
            for (Reader reader : readers) {
                reader.offer(line);
            }
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                SocketChannel channel = server.accept();
                Thread thread = new Thread(() -> serve(channel), "h2scope-trace-reader");
                thread.setDaemon(true);
                thread.start();
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    private void serve(SocketChannel channel) {
        try (channel) {
            if (token != null && !token.equals(firstLine(channel))) {
                channel.write(ByteBuffer.wrap("{\"v\":2,\"kind\":\"refused\",\"detail\":\"wrong token\"}\n"
                        .getBytes(StandardCharsets.US_ASCII)));
                return;
            }
            Reader reader = new Reader();
            synchronized (lock) {
                // the snapshots and the registration at one moment: no event is missed or counted twice
                for (ConnectionModel model : open.values()) {
                    if (model.opened() != null) { // who and when: the addresses, the role, the clock of its time 0
                        reader.offer(line(model.opened()));
                    }
                    reader.offer(line(new SnapshotTaken(model.connectionId(), 0, model.snapshot())));
                }
                readers.add(reader);
            }
            try {
                reader.pump(channel);
            } finally {
                readers.remove(reader);
            }
        } catch (IOException | InterruptedException e) {
            // the reader went away: nothing to do, the engine goes on
        }
    }

    /** The event's line with its newline, in an array of its own (the readers' queues keep it). */
    private static byte[] line(TraceEvent event) {
        LineOctets line = TraceEventJson.write(event, LINE.get().clear());
        byte[] octets = Arrays.copyOf(line.octets(), line.length() + 1);
        octets[line.length()] = '\n';
        return octets;
    }

    /** The token line (at most 200 octets). */
    private static String firstLine(SocketChannel channel) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        StringBuilder line = new StringBuilder();
        while (line.length() < 200 && channel.read(one) > 0) {
            one.flip();
            char c = (char) one.get();
            one.clear();
            if (c == '\n') {
                return line.toString().trim();
            }
            line.append(c);
        }
        return line.toString().trim();
    }

    /** One attached reader: its queue and what was dropped since it last had room. */
    private final class Reader {
        private final BlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(QUEUE_LINES);
        private final AtomicLong dropped = new AtomicLong();

        void offer(byte[] line) {
            if (dropped.get() > 0 && queue.remainingCapacity() > 1) {
                long gap = dropped.getAndSet(0);
                queue.offer(("{\"v\":2,\"kind\":\"gap\",\"dropped\":" + gap + "}\n")
                        .getBytes(StandardCharsets.US_ASCII));
            }
            if (!queue.offer(line)) {
                dropped.incrementAndGet();
            }
        }

        void pump(SocketChannel channel) throws IOException, InterruptedException {
            while (!closed && channel.isOpen()) {
                byte[] line = queue.poll(200, TimeUnit.MILLISECONDS);
                if (line != null) {
                    ByteBuffer bytes = ByteBuffer.wrap(line);
                    while (bytes.hasRemaining()) {
                        channel.write(bytes);
                    }
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        if (address.unixPath() != null) {
            Files.deleteIfExists(address.unixPath());
        }
    }
}
