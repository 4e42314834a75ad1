package io.h2scope.engine.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on 127.0.0.1 that holds back the first bytes each connection's server sends for a fixed
 * time, then relays everything as it comes. It turns "the client had queued its requests before the
 * server's first answer arrived" from a race into a certainty.
 */
public final class DelayingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final long firstReplyDelayMillis;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    public DelayingProxy(InetSocketAddress target, long firstReplyDelayMillis) throws IOException {
        this.target = target;
        this.firstReplyDelayMillis = firstReplyDelayMillis;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "delaying-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        try {
            while (!listener.isClosed()) {
                Socket client = listener.accept();
                Socket server = new Socket(target.getAddress(), target.getPort());
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                relay(client, server, 0, "delaying-proxy-up");
                relay(server, client, firstReplyDelayMillis, "delaying-proxy-down");
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void relay(Socket from, Socket to, long firstDelayMillis, String name) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            boolean first = true;
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (first && firstDelayMillis > 0) {
                        Thread.sleep(firstDelayMillis);
                        int more = in.available(); // whatever else came meanwhile goes with it
                        if (more > 0 && n < buffer.length) {
                            n += in.read(buffer, n, Math.min(more, buffer.length - n));
                        }
                    }
                    first = false;
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // one side closed: close the other
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            closeQuietly(s);
        }
    }
}
