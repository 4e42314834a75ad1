package io.h2scope.engine.trace.attach;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.LineOctets;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The socket of {@code H2SCOPE_TRACE_LISTEN}: local readers of the live event stream ({@code trace follow --attach},
 * the inspector) and commands that change tracing live ({@code trace level}, {@code trace record}). On TCP (loopback
 * only) a client proves itself with the token printed once at start-up; a Unix socket file is made mode 0600.
 *
 * <p>A client's first line says what it is (docs/TRACE_FORMAT.md, "The attach socket"): a JSON object is a command
 * ({@code {"cmd":"level","set":"frames=debug"}}, with {@code "token"} on TCP), answered with one line and the socket
 * closed; anything else is a reader (on TCP the line is the token, on a Unix socket an empty line), which then gets
 * JSONL lines (TraceEventJson.VERSION), the same as a recording, until it goes; the socket's own lines below keep
 * {@code "v":2} (docs/TRACE_FORMAT.md). What a reader is sent (every open connection's opening and snapshot first)
 * and what a command does is the {@link Clients}' business.
 *
 * <p>A reader's first line names the engine ({@code {"v":2,"kind":"engine","instance":"9f2c...","pid":4711}}): an
 * instance id made when the socket opens, so a reader that attaches again can tell the same engine coming back from
 * a new one on the same address, whose connection ids start again.
 *
 * <p>The engine never waits for a reader: each has a bounded queue, and what does not fit is dropped and counted;
 * when there is room again the reader gets one {@code {"v":2,"kind":"gap","dropped":N}} line.
 */
public final class AttachServer implements AutoCloseable {

    /** What the clients of the socket are given. Called on each client's own thread. */
    public interface Clients {
        /** A reader attached: {@code reader} sends it, as lines, every event given to it until it goes. */
        void attached(TraceSink reader);

        /** The reader went away (or the server closed). */
        void detached(TraceSink reader);

        /**
         * A command: {@code request} is its first line, {@code who} names the client (its user, or its address and
         * uid). Returns the reply, a JSON object on one line.
         */
        String command(Map<String, Object> request, String who);
    }

    /** Lines a reader may be behind before events are dropped for it. */
    static final int QUEUE_LINES = 10_000;
    /** The longest first line read: a token, or a command with its arguments. */
    static final int MAX_FIRST_LINE = 8192;
    /** The line of the last event made on this thread: the readers given the same event share it. */
    private static final ThreadLocal<LastLine> LINE = ThreadLocal.withInitial(LastLine::new);

    private final ListenAddress address;
    private final ServerSocketChannel server;
    private final String token;
    private final Clients clients;
    private final Thread acceptor;
    private final String instance;
    private volatile boolean closed;
    /** Removes the socket file at exit (SIGTERM, Ctrl-C): an engine's env-var socket is never closed otherwise. */
    private final Thread removeAtExit;

    /**
     * Binds {@code address} and starts accepting clients; the TCP token is printed once on {@code notices}.
     *
     * @throws IOException if the address cannot be bound
     */
    public AttachServer(ListenAddress address, PrintStream notices, Clients clients) throws IOException {
        this.address = address;
        this.clients = clients;
        if (address.unixPath() != null) {
            Files.deleteIfExists(address.unixPath()); // a socket file left by a process that died
            server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
            server.bind(address.socketAddress());
            // only the owner may read the stream or change tracing
            Files.setPosixFilePermissions(address.unixPath(), PosixFilePermissions.fromString("rw-------"));
            token = null;
            removeAtExit = new Thread(this::removeSocketFile, "h2scope-trace-attach-remove");
            Runtime.getRuntime().addShutdownHook(removeAtExit);
        } else {
            removeAtExit = null;
            server = ServerSocketChannel.open();
            server.bind(address.socketAddress());
            byte[] secret = new byte[16];
            new SecureRandom().nextBytes(secret);
            token = HexFormat.of().formatHex(secret);
        }
        byte[] id = new byte[8];
        new SecureRandom().nextBytes(id);
        instance = HexFormat.of().formatHex(id);
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

    /** This engine's id on the attach stream: new each time the socket opens (a new process, a new server). */
    public String instance() {
        return instance;
    }

    /** The TCP token, or null on a Unix socket. */
    public String token() {
        return token;
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                SocketChannel channel = server.accept();
                Thread thread = new Thread(() -> serve(channel), "h2scope-trace-client");
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
            String first = firstLine(channel);
            if (first.startsWith("{")) {
                command(channel, first);
                return;
            }
            if (token != null && !token.equals(first)) {
                refuse(channel, "wrong token");
                return;
            }
            write(channel, engineLine());
            Reader reader = new Reader();
            clients.attached(reader);
            try {
                reader.pump(channel);
            } finally {
                clients.detached(reader);
            }
        } catch (IOException | InterruptedException e) {
            // the client went away: nothing to do, the engine goes on
        }
    }

    private void command(SocketChannel channel, String line) throws IOException {
        Map<String, Object> request;
        try {
            if (!(Json.parse(line) instanceof Map<?, ?> object)) {
                throw new IllegalArgumentException("not an object");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> members = (Map<String, Object>) object;
            request = members;
        } catch (IllegalArgumentException e) {
            refuse(channel, "the command is not a JSON object (" + e.getMessage() + "); accepted: "
                    + "{\"cmd\":\"level\",\"set\":\"frames=debug\"} and the other forms of docs/TRACE_FORMAT.md");
            return;
        }
        if (token != null && !token.equals(request.get("token"))) {
            refuse(channel, "wrong token");
            return;
        }
        write(channel, clients.command(request, PeerIdentity.of(channel) + " on " + where()));
    }

    /** The reader's first line: {@code {"v":2,"kind":"engine","instance":...,"pid":...}}. */
    private String engineLine() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("v", 2);
        line.put("kind", "engine");
        line.put("instance", instance);
        line.put("pid", ProcessHandle.current().pid());
        return Json.object(line);
    }

    /** The refusal line, {@code {"v":2,"kind":"refused","detail":...}}. */
    public static String refusal(String detail) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("v", 2);
        line.put("kind", "refused");
        line.put("detail", detail);
        return Json.object(line);
    }

    private static void refuse(SocketChannel channel, String detail) throws IOException {
        write(channel, refusal(detail));
    }

    private static void write(SocketChannel channel, String line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    /** The first line (at most {@value #MAX_FIRST_LINE} octets), without its newline and surrounding space. */
    private static String firstLine(SocketChannel channel) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        ByteBuffer line = ByteBuffer.allocate(MAX_FIRST_LINE);
        while (line.hasRemaining() && channel.read(one.clear()) > 0) {
            byte c = one.get(0);
            if (c == '\n') {
                break;
            }
            line.put(c);
        }
        return new String(line.array(), 0, line.position(), StandardCharsets.UTF_8).trim();
    }

    /** The event's line with its newline, in an array of its own (the readers' queues keep it). */
    private static byte[] line(TraceEvent event) {
        LastLine last = LINE.get();
        if (last.event != event) {
            LineOctets line = TraceEventJson.write(event, last.octets.clear());
            byte[] octets = Arrays.copyOf(line.octets(), line.length() + 1);
            octets[line.length()] = '\n';
            last.event = event;
            last.line = octets;
        }
        return last.line;
    }

    private static final class LastLine {
        final LineOctets octets = LineOctets.reused(1024);
        TraceEvent event;
        byte[] line;
    }

    /** One attached reader: its queue and what was dropped since it last had room. */
    private final class Reader implements TraceSink {
        private final BlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(QUEUE_LINES);
        private final AtomicLong dropped = new AtomicLong();

        @Override
        public void onEvent(TraceEvent event) {
            offer(line(event));
        }

        @Override
        public boolean enabled() {
            return !closed;
        }

        private synchronized void offer(byte[] line) { // connections' threads one at a time: the gap line goes first
            if (dropped.get() > 0) {
                if (queue.remainingCapacity() < 2) { // no room for the gap line and this one: this one is lost too
                    dropped.incrementAndGet();
                    return;
                }
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
            try {
                Runtime.getRuntime().removeShutdownHook(removeAtExit);
            } catch (IllegalStateException exiting) {
                // closed by another shutdown hook: the hook removes a file already gone
            }
        }
    }

    private void removeSocketFile() {
        try {
            Files.deleteIfExists(address.unixPath());
        } catch (IOException e) {
            // at exit, with nowhere to say it: a later engine on this path removes the file before it binds
        }
    }
}
