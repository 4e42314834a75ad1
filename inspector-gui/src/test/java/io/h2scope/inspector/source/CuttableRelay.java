package io.h2scope.inspector.source;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A relay in front of an engine's attach socket (a Unix socket) that a test can cut, as a network or a restarting
 * service would drop it: {@link #cut} closes every relayed connection and stops listening (a reader trying again
 * finds nothing there), {@link #restore} listens again on the same path. Each accepted connection is copied both ways
 * to the engine's socket.
 */
final class CuttableRelay implements AutoCloseable {

    private final Path listen;
    private final Path engine;
    private final List<SocketChannel> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocketChannel server;
    private volatile int accepted;

    CuttableRelay(Path listen, Path engine) throws IOException {
        this.listen = listen;
        this.engine = engine;
        restore();
    }

    /** Connections relayed so far. */
    int accepted() {
        return accepted;
    }

    /** Listens on the relay's path again. */
    synchronized void restore() throws IOException {
        Files.deleteIfExists(listen);
        ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        s.bind(UnixDomainSocketAddress.of(listen));
        server = s;
        Thread acceptor = new Thread(() -> accept(s), "relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Drops every relayed connection and stops listening. */
    synchronized void cut() throws IOException {
        server.close();
        Files.deleteIfExists(listen);
        for (SocketChannel c : open) {
            c.close();
        }
        open.clear();
    }

    private void accept(ServerSocketChannel s) {
        while (s.isOpen()) {
            try {
                SocketChannel reader = s.accept();
                SocketChannel upstream = SocketChannel.open(UnixDomainSocketAddress.of(engine));
                open.add(reader);
                open.add(upstream);
                accepted++;
                copy(reader, upstream);
                copy(upstream, reader);
            } catch (IOException e) {
                return; // cut
            }
        }
    }

    private static void copy(SocketChannel from, SocketChannel to) {
        Thread t = new Thread(() -> {
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            try (from; to) {
                while (from.read(buffer.clear()) >= 0) {
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        to.write(buffer);
                    }
                }
            } catch (IOException e) {
                // cut, or one end went: both close
            }
        }, "relay-copy");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        cut();
    }
}
