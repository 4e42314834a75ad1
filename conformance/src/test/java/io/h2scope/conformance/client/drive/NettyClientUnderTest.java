package io.h2scope.conformance.client.drive;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * A small Netty 4.2 HTTP/2 client, as an application builds one: {@code Http2FrameCodec} and {@code
 * Http2MultiplexHandler} on one connection (h2c with prior knowledge, or TLS trusting the task's CA with the codec
 * added only once ALPN chose h2), a child stream channel per request. Netty's own validation and flow control are what is judged; this class only
 * turns a stream's frames into a status and a body length, and a reset or a stream that closes before END_STREAM
 * into a failure. A fresh event loop per task.
 */
final class NettyClientUnderTest extends LibraryClient {

    NettyClientUnderTest() {
        super("netty");
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        requireAbilities(task);
        URI origin = task.requests().get(0).url();
        SslContext tls = task.connect() == Connect.TLS ? tls(task) : null;
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            PendingOutcomes pending = new PendingOutcomes();
            CompletableFuture<Channel> h2 = new CompletableFuture<>();
            new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) task.timeout().toMillis())
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (tls != null) {
                                ch.pipeline().addLast(tls.newHandler(ch.alloc(), origin.getHost(), origin.getPort()),
                                        new H2OnlyNegotiation(h2));
                            } else {
                                addHttp2(ch.pipeline());
                            }
                        }
                    })
                    .connect(origin.getHost(), origin.getPort()).addListener((ChannelFuture connected) -> {
                        if (!connected.isSuccess()) {
                            h2.completeExceptionally(connected.cause());
                            return;
                        }
                        connected.channel().closeFuture().addListener(closed -> h2.completeExceptionally(
                                new IOException("the connection closed before HTTP/2 was set up on it")));
                        if (tls == null) {
                            h2.complete(connected.channel());
                        }
                    });
            Channel connection = null;
            Throwable notReady = null;
            try {
                connection = h2.get(task.timeout().toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                notReady = e.getCause();
            } catch (TimeoutException e) {
                notReady = new IOException("no HTTP/2 connection within the case's timeout");
            }
            for (ClientRequest r : task.requests()) {
                if (connection == null) {
                    pending.failedAtOnce(notReady);
                    continue;
                }
                try {
                    pending.add(send(connection, r, task.connect()));
                } catch (IOException | RuntimeException e) {
                    pending.failedAtOnce(e);
                }
            }
            return pending.await(task.timeout());
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private static void addHttp2(ChannelPipeline pipeline) {
        pipeline.addLast(Http2FrameCodecBuilder.forClient().build(),
                new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
    }

    /**
     * What a Netty HTTP/2 application puts after the SslHandler: the HTTP/2 codec only once ALPN chose h2 (RFC 9113
     * §3.3); any other outcome, none included, ends the connection before a preface is sent and fails the requests.
     */
    private static final class H2OnlyNegotiation extends ApplicationProtocolNegotiationHandler {
        private final CompletableFuture<Channel> h2;

        H2OnlyNegotiation(CompletableFuture<Channel> h2) {
            super(ApplicationProtocolNames.HTTP_1_1); // what Netty reports when the server selected nothing
            this.h2 = h2;
        }

        @Override
        protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
            if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                addHttp2(ctx.pipeline());
                h2.complete(ctx.channel());
                return;
            }
            h2.completeExceptionally(new IOException("ALPN did not select h2 (the server chose "
                    + (ctx.pipeline().get(SslHandler.class).applicationProtocol() == null ? "no protocol"
                    : "'" + protocol + "'") + "): HTTP/2 over TLS needs ALPN h2, RFC 9113 §3.3"));
            ctx.close();
        }

        @Override
        protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
            h2.completeExceptionally(cause);
            ctx.close();
        }
    }

    private static SslContext tls(ClientTask task) {
        try {
            return SslContextBuilder.forClient().trustManager(task.caCertificates().toArray(X509Certificate[]::new))
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            ApplicationProtocolNames.HTTP_2))
                    .build();
        } catch (SSLException e) {
            throw new IllegalArgumentException("cannot trust the CA in " + task.ca() + ": " + e.getMessage(), e);
        }
    }

    private static CompletableFuture<PendingOutcomes.Delivered> send(Channel connection, ClientRequest r, Connect connect)
            throws IOException {
        byte[] body = r.body() == null ? null : Files.readAllBytes(r.body());
        URI url = r.url();
        Http2Headers headers = new DefaultHttp2Headers().method(r.method()).scheme(connect.scheme())
                .authority(url.getHost() + ":" + url.getPort())
                .path(url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()));
        Response response = new Response();
        response.delivered.whenComplete((d, e) -> {
            if (response.delivered.isCancelled() && response.stream != null) {
                response.stream.close();
            }
        });
        new Http2StreamChannelBootstrap(connection).handler(response).open().addListener(opened -> {
            if (!opened.isSuccess()) {
                response.delivered.completeExceptionally(opened.cause());
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) opened.getNow();
            response.stream = stream;
            stream.write(new DefaultHttp2HeadersFrame(headers, body == null));
            if (body != null) {
                stream.write(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(body), true));
            }
            stream.flush();
        });
        return response.delivered;
    }

    /** One stream's frames, as the application sees them: a status, body octets, then END_STREAM or a failure. */
    private static final class Response extends ChannelInboundHandlerAdapter {
        final CompletableFuture<PendingOutcomes.Delivered> delivered = new CompletableFuture<>();
        volatile Http2StreamChannel stream;
        private int status = -1;
        private long octets;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame h) {
                    if (status < 200 && h.headers().status() != null) {
                        status = h.headers().getInt(Http2Headers.PseudoHeaderName.STATUS.value(), -1);
                    }
                    if (h.isEndStream()) {
                        delivered.complete(new PendingOutcomes.Delivered(status, octets));
                    }
                } else if (msg instanceof Http2DataFrame d) {
                    octets += d.content().readableBytes();
                    if (d.isEndStream()) {
                        delivered.complete(new PendingOutcomes.Delivered(status, octets));
                    }
                } else if (msg instanceof Http2ResetFrame reset) {
                    delivered.completeExceptionally(new IOException("stream reset by the server: RST_STREAM "
                            + reset.errorCode()));
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        /** What Netty raised on the stream, reported when the stream closes (it closes it at once). */
        private Throwable raised;

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            raised = cause;
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            delivered.completeExceptionally(raised != null ? raised : new IOException("the stream closed before END_STREAM"));
        }
    }
}
