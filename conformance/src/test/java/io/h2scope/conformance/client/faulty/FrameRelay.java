package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Preface;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLSocket;

/**
 * A loopback listener between the client under test and a case's server (h2c, by prior knowledge or an Upgrade whose
 * HTTP/1.1 heads it passes on before the frames, or TLS, which it ends on both sides with {@link RelayTls}): each
 * connection
 * the client opens gets one to the server, and every frame between them passes through a fresh {@link Rewrite} of the
 * fault. It relays as TCP does: a side's end (FIN) is passed on as a half-close and what the other side still sends is
 * still relayed, so that a client's last GOAWAY reaches the server before the connection ends.
 */
final class FrameRelay implements AutoCloseable {

    /** How long {@link #close} waits for the client's side of each connection to end before it cuts them. */
    static final Duration CLIENT_END_WAIT = Duration.ofSeconds(5);

    private final InetSocketAddress server;
    private final boolean upgrade;
    private final List<X509Certificate> serverCa;
    private final Supplier<Rewrite> fault;
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> clientSides = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    /**
     * @param upgrade  the client starts each connection with an HTTP/1.1 Upgrade to h2c, not the preface
     * @param serverCa for TLS, the authority of the server's certificate (each end's TLS is then {@link RelayTls}'s);
     *                 null for h2c
     */
    FrameRelay(InetSocketAddress server, boolean upgrade, List<X509Certificate> serverCa, Supplier<Rewrite> fault)
            throws IOException {
        this.server = server;
        this.upgrade = upgrade;
        this.serverCa = serverCa;
        this.fault = fault;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "faulty-relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                continue; // the listener closed
            }
            sockets.add(client);
            try {
                Socket upstream = new Socket();
                sockets.add(upstream);
                upstream.connect(server);
                Rewrite rewrite = fault.get();
                if (serverCa != null) {
                    SSLSocket secured = RelayTls.shared().towardsServer(upstream, server, serverCa);
                    sockets.add(secured);
                    upstream = secured;
                    client = RelayTls.shared().towardsClient(client, rewrite.tlsEstablished(secured));
                    sockets.add(client);
                }
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                relay(client, upstream, rewrite);
            } catch (IOException e) {
                // the case's server is gone or refused the relay's TLS, or the client refused the relay's: the client
                // sees its connection end
                closeQuietly(client);
            }
        }
    }

    private void relay(Socket client, Socket upstream, Rewrite rewrite) throws IOException {
        DataInputStream fromClient = new DataInputStream(new BufferedInputStream(client.getInputStream()));
        DataInputStream fromServer = new DataInputStream(new BufferedInputStream(upstream.getInputStream()));
        Wire wire = new Wire(upstream.getOutputStream(), client.getOutputStream());
        Thread c2s = new Thread(() -> pump(fromClient, true, upstream, wire::flushToServer,
                f -> rewrite.fromClient(f, wire), () -> { }, upgrade ? rewrite::upgradeRequest : null), "faulty-relay-c2s");
        Flush toClient = () -> {
            rewrite.serverPaused(wire);
            wire.flushToClient();
        };
        Thread s2c = new Thread(() -> pump(fromServer, false, client, toClient,
                f -> rewrite.fromServer(f, wire), () -> rewrite.serverEnded(wire),
                upgrade ? rewrite::upgradeResponse : null),
                "faulty-relay-s2c");
        wire.pumps(c2s, s2c);
        c2s.setDaemon(true);
        s2c.setDaemon(true);
        clientSides.add(c2s);
        c2s.start();
        s2c.start();
    }

    private interface FrameSink {
        void take(RawFrame f) throws IOException;
    }

    private interface Flush {
        void run() throws IOException;
    }

    /**
     * Reads one direction to its end: frames through the fault (the client's preface first, as it came), sent on
     * together once what came in one read is relayed, then what the fault adds at the end ({@code ended}), then the
     * end passed on. When the other end can no longer be
     * written, the rest is read and dropped, as a closed socket would.
     */
    private static void pump(DataInputStream in, boolean fromClient, Socket target, Flush flush, FrameSink sink,
            Flush ended, UnaryOperator<String> http1Head) {
        boolean writable = true;
        try {
            if (http1Head != null) { // the Upgrade request, or the 101 that answers it
                target.getOutputStream().write(http1Head.apply(readHead(in)).getBytes(StandardCharsets.ISO_8859_1));
            }
            if (fromClient) {
                byte[] preface = new byte[Preface.LENGTH];
                in.readFully(preface);
                target.getOutputStream().write(preface);
            }
            RawFrame f;
            while ((f = RawFrame.read(in)) != null) {
                if (writable) {
                    try {
                        sink.take(f);
                        if (in.available() == 0) {
                            flush.run();
                        }
                    } catch (SocketException e) {
                        writable = false;
                    }
                }
            }
        } catch (IOException e) {
            // a reset or an end inside a frame: passed on as an end
        }
        try {
            if (writable) {
                ended.run();
            }
            flush.run();
        } catch (IOException e) {
            // the other side is gone
        }
        try {
            target.shutdownOutput();
        } catch (IOException e) {
            // already closed
        }
    }

    /** An HTTP/1.1 head up to and with its empty line, read octet by octet so that no frame after it is taken. */
    private static String readHead(DataInputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            head.append((char) in.readUnsignedByte());
        }
        return head.toString();
    }

    /** Stops accepting, lets each client's side end (its last frames relayed), then closes every connection. */
    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // nothing to release
        }
        long deadline = System.nanoTime() + CLIENT_END_WAIT.toNanos();
        for (Thread t : clientSides) {
            try {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        sockets.forEach(FrameRelay::closeQuietly);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
