package io.h2scope.engine.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Opens client connections on a group's loops. The handler's {@code onOpen} runs once TCP is
 * connected (wrap it in {@code TlsLayer.client(..)} for TLS). The group outlives the client.
 */
public final class NioClient {

    private final NioEventLoopGroup group;

    public NioClient(NioEventLoopGroup group) {
        this.group = Objects.requireNonNull(group, "group");
    }

    /**
     * Connects within the configured connect timeout. The future completes with the connection's
     * transport context once TCP is up (before {@code onOpen} of a TLS-wrapped handler, which waits
     * for the handshake). On failure the future fails and the handler is never called; a host name that
     * did not resolve fails it with {@link UnknownHostException}.
     */
    public CompletableFuture<ConnectionContext> connect(InetSocketAddress remote, ConnectionHandler handler) {
        return connect(remote, handler, group.next());
    }

    /**
     * As {@link #connect(InetSocketAddress, ConnectionHandler)}, on {@code loop} (one of the group's): a connection
     * that only ever talks to another one on that loop (a proxy's two legs) then hands bytes over without waking
     * another thread.
     */
    public CompletableFuture<ConnectionContext> connect(InetSocketAddress remote, ConnectionHandler handler,
                                                        NioEventLoop loop) {
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(handler, "handler");
        if (!group.loops().contains(loop)) {
            throw new IllegalArgumentException(loop.threadName() + " is not a loop of this client's group");
        }
        CompletableFuture<ConnectionContext> result = new CompletableFuture<>();
        loop.execute(() -> new PendingConnect(loop, remote, handler, result).begin());
        return result;
    }

    private static final class PendingConnect implements SelectionHandler {
        private final NioEventLoop loop;
        private final InetSocketAddress remote;
        private final ConnectionHandler handler;
        private final CompletableFuture<ConnectionContext> result;
        private SocketChannel channel;
        private Cancellable timeout;

        PendingConnect(NioEventLoop loop, InetSocketAddress remote, ConnectionHandler handler,
                  CompletableFuture<ConnectionContext> result) {
            this.loop = loop;
            this.remote = remote;
            this.handler = handler;
            this.result = result;
        }

        void begin() {
            if (remote.isUnresolved()) { // SocketChannel.connect would throw UnresolvedAddressException, with no message
                fail(new UnknownHostException("cannot resolve host '" + remote.getHostString() + "' (unknown host)"));
                return;
            }
            try {
                channel = SocketChannel.open();
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, loop.config().tcpNoDelay());
                if (channel.connect(remote)) {
                    established(null);
                    return;
                }
                loop.register(channel, SelectionKey.OP_CONNECT, this);
                long nanos = loop.config().connectTimeout().toNanos();
                timeout = loop.schedule(() -> fail(new SocketTimeoutException("connect to " + remote
                        + " timed out after " + loop.config().connectTimeout().toMillis() + " ms")),
                        nanos, TimeUnit.NANOSECONDS);
            } catch (IOException | RuntimeException e) {
                fail(e);
            }
        }

        @Override
        public void onSelected(SelectionKey key) {
            try {
                if (channel.finishConnect()) {
                    established(key);
                }
            } catch (IOException e) {
                fail(e);
            }
        }

        @Override
        public void abortOnShutdown() {
            fail(new IOException("event loop stopped before connect completed"));
        }

        private void established(SelectionKey existing) throws IOException {
            if (timeout != null) {
                timeout.cancel();
            }
            if (result.isDone()) {
                channel.close();
                return;
            }
            NioConnection connection = new NioConnection(loop, channel, handler, c -> { }, true);
            result.complete(connection);
            connection.start(existing); // takes over the connect key: a cancelled key cannot be re-registered at once
        }

        private void fail(Throwable cause) {
            if (timeout != null) {
                timeout.cancel();
            }
            try {
                if (channel != null) {
                    channel.close();
                }
            } catch (IOException ignored) {
                // reporting the first failure
            }
            result.completeExceptionally(cause);
        }
    }
}
