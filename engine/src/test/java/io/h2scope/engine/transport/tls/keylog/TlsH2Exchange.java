package io.h2scope.engine.transport.tls.keylog;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One HTTP/2 request and response over TLS on loopback (ALPN h2), each side an {@link Http2Connection}
 * driven over blocking SSL sockets: enough real traffic for a capture to decrypt.
 */
final class TlsH2Exchange implements AutoCloseable {

    static final String PATH = "/keylog-proof";

    private final SSLServerSocket server;

    /** Listens on an ephemeral loopback port; {@code protocol} is "TLSv1.3" or "TLSv1.2". */
    TlsH2Exchange(SSLContext serverContext, String protocol) throws IOException {
        server = (SSLServerSocket) serverContext.getServerSocketFactory().createServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        SSLParameters params = server.getSSLParameters();
        params.setProtocols(new String[] {protocol});
        params.setApplicationProtocols(new String[] {"h2"});
        server.setSSLParameters(params);
    }

    int port() {
        return server.getLocalPort();
    }

    /** Runs the exchange; returns the response status the client saw. */
    String run(SSLContext clientContext) throws Exception {
        CompletableFuture<Void> served = CompletableFuture.runAsync(this::serveOne);
        String status;
        try (SSLSocket socket = (SSLSocket) clientContext.getSocketFactory()
                .createSocket(InetAddress.getLoopbackAddress(), port())) {
            SSLParameters params = socket.getSSLParameters();
            params.setApplicationProtocols(new String[] {"h2"});
            socket.setSSLParameters(params);
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            if (!"h2".equals(socket.getApplicationProtocol())) {
                throw new IOException("ALPN gave " + socket.getApplicationProtocol());
            }
            String[] seen = new String[1];
            AtomicBoolean done = new AtomicBoolean();
            Http2Connection client = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS, event -> {
                if (event instanceof Event.HeadersReceived h) {
                    seen[0] = h.headers().get(0).value();
                }
                if (event instanceof Event.DataReceived d && d.endStream()
                        || event instanceof Event.HeadersReceived h && h.endStream()) {
                    done.set(true);
                }
            }, System.nanoTime());
            client.openStream(List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                    new HeaderField(":authority", "localhost"), new HeaderField(":path", PATH)), true);
            pump(client, socket, done);
            status = seen[0];
        }
        served.get(10, TimeUnit.SECONDS);
        return status;
    }

    private void serveOne() {
        try (SSLSocket socket = (SSLSocket) server.accept()) {
            socket.setSoTimeout(10_000);
            AtomicBoolean done = new AtomicBoolean();
            Http2Connection[] holder = new Http2Connection[1];
            holder[0] = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS, event -> {
                if (event instanceof Event.HeadersReceived h && h.endStream()) {
                    holder[0].sendHeaders(h.streamId(), List.of(new HeaderField(":status", "200")), false);
                    holder[0].sendData(h.streamId(), ByteBuffer.wrap("proof".getBytes(StandardCharsets.US_ASCII)), true);
                    done.set(true);
                }
            }, System.nanoTime());
            pump(holder[0], socket, done);
            flush(holder[0], socket.getOutputStream());
            drainUntilClosed(socket.getInputStream()); // the client closes first, so its close_notify has a reader
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Writes what the connection has, reads what arrives, until {@code done}. */
    private static void pump(Http2Connection connection, SSLSocket socket, AtomicBoolean done) throws IOException {
        InputStream in = socket.getInputStream();
        OutputStream out = socket.getOutputStream();
        byte[] buffer = new byte[16 * 1024];
        while (!done.get()) {
            flush(connection, out);
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("the peer closed before the exchange ended");
            }
            connection.receive(ByteBuffer.wrap(buffer, 0, n), System.nanoTime());
        }
        flush(connection, out);
    }

    private static void drainUntilClosed(InputStream in) {
        byte[] buffer = new byte[4096];
        try {
            while (in.read(buffer) >= 0) {
                // the client's last frames (SETTINGS ACK, WINDOW_UPDATE) are not needed
            }
        } catch (IOException e) {
            // the client went away without close_notify: nothing more to read either way
        }
    }

    private static void flush(Http2Connection connection, OutputStream out) throws IOException {
        while (connection.hasOutput()) {
            ByteBuffer chunk = ByteBuffer.allocate(16 * 1024);
            connection.drainOutput(chunk);
            out.write(chunk.array(), 0, chunk.position());
        }
        out.flush();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
