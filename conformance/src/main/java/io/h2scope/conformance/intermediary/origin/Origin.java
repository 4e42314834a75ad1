package io.h2scope.conformance.intermediary.origin;

import io.h2scope.conformance.intermediary.legs.LegRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The origin behind the intermediary for one run: a loopback listener that accepts every connection on a thread of
 * its own, answers every request it can parse with a small 200 (or with what a case scripted in {@link Answers}),
 * and hands each request to {@link Arrivals}.
 */
public abstract class Origin implements AutoCloseable {

    /** How long an origin connection waits for the intermediary's next octets before it gives up on it. */
    public static final int READ_TIMEOUT_MILLIS = 30_000;
    /** The body of the origin's answer. */
    static final String ANSWER = "ok";

    private final OriginKind kind;
    private final ServerSocket listener;
    /** Both legs of the cases running: the origin's connections publish to them by marker, the client in front too. */
    private final LegRecorder legs = new LegRecorder(text -> Marker.findIn(text).map(Marker::value));
    private final Arrivals arrivals = new Arrivals(legs::marked);
    private final Answers answers = new Answers();
    private final AtomicLong connections = new AtomicLong();
    private final List<Socket> open = new ArrayList<>();
    private final Thread acceptor;
    private volatile boolean closed;

    /**
     * Listens on 127.0.0.1:{@code port} (0: a free port).
     *
     * @throws IOException when the port is taken ("origin port N is in use: choose another with --origin-port")
     */
    protected Origin(OriginKind kind, int port) throws IOException {
        this.kind = kind;
        try {
            listener = new ServerSocket();
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        } catch (java.net.BindException e) {
            throw new IOException("origin port " + port + " is in use: choose another with --origin-port", e);
        }
        acceptor = new Thread(this::acceptLoop, "origin-" + kind().name().toLowerCase(java.util.Locale.ROOT));
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** An origin of {@code kind} on {@code port} (0: a free port). */
    public static Origin start(OriginKind kind, int port) throws IOException {
        return switch (kind) {
            case H1 -> new Http1Origin(port);
            case H2C -> new H2cOrigin(port, null);
            case H2 -> new H2cOrigin(port, OriginTls.create());
        };
    }

    /** For a TLS origin: the PEM file of the CA the intermediary must trust; empty for one in clear. */
    public java.util.Optional<java.nio.file.Path> caFile() {
        return java.util.Optional.empty();
    }

    public OriginKind kind() {
        return kind;
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** The recording of both legs of the cases running (see {@link LegRecorder}). */
    public LegRecorder legs() {
        return legs;
    }

    public Arrivals arrivals() {
        return arrivals;
    }

    /** The answers response-side cases scripted for their requests. */
    public Answers answers() {
        return answers;
    }

    /** How many connections the intermediary has opened to it. */
    public long connections() {
        return connections.get();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket s = listener.accept();
                s.setSoTimeout(READ_TIMEOUT_MILLIS);
                s.setTcpNoDelay(true);
                long id = connections.incrementAndGet();
                synchronized (open) {
                    open.add(s);
                }
                Thread t = new Thread(() -> {
                    try (s) {
                        serve(s, id);
                    } catch (IOException | UncheckedIOException e) {
                        // the intermediary closed, or timed out: what arrived is already recorded
                    }
                }, "origin-connection-" + id);
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** Reads requests from one connection until it ends, recording each in {@link #arrivals()}. */
    protected abstract void serve(Socket socket, long connection) throws IOException;

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        synchronized (open) {
            for (Socket s : open) {
                s.close();
            }
        }
    }
}
