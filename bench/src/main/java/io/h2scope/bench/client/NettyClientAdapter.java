package io.h2scope.bench.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrame;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Netty 4.2's HTTP/2 client: {@code Http2FrameCodec} and {@code Http2MultiplexHandler} on one NIO
 * channel (h2c by prior knowledge: the codec sends the preface at once), one child stream channel per
 * request opened with {@link Http2StreamChannelBootstrap}, one event-loop thread.
 */
final class NettyClientAdapter implements ClientAdapter {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;
    private final Http2StreamChannelBootstrap streams;
    private final Http2Headers headers;

    NettyClientAdapter(URI url) throws InterruptedException {
        Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        // the server does not push and opens no streams: the inbound-stream handler stays unused
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forClient().build(),
                                new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
                    }
                });
        try {
            channel = b.connect(url.getHost(), url.getPort()).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
        streams = new Http2StreamChannelBootstrap(channel);
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        headers = new DefaultHttp2Headers().method("GET").scheme("http").authority(url.getHost() + ":" + url.getPort())
                .path(url.getRawQuery() == null ? path : path + "?" + url.getRawQuery());
    }

    @Override
    public String name() {
        return "netty";
    }

    @Override
    public Reply get() throws Exception {
        return getAsync().get(30, TimeUnit.SECONDS);
    }

    @Override
    public CompletableFuture<Reply> getAsync() {
        CompletableFuture<Reply> result = new CompletableFuture<>();
        streams.open().addListener(f -> {
            if (!f.isSuccess()) {
                result.completeExceptionally(f.cause());
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) f.getNow();
            stream.pipeline().addLast(new ResponseHandler(result));
            stream.writeAndFlush(new DefaultHttp2HeadersFrame(headers, true)).addListener(w -> {
                if (!w.isSuccess()) {
                    result.completeExceptionally(w.cause());
                }
            });
        });
        return result;
    }

    /** One response on its child channel: the status, the body counted; DATA buffers released by the base class. */
    private static final class ResponseHandler extends SimpleChannelInboundHandler<Http2StreamFrame> {
        private final CompletableFuture<Reply> result;
        private int status;
        private int length;

        ResponseHandler(CompletableFuture<Reply> result) {
            this.result = result;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Http2StreamFrame frame) {
            boolean end = false;
            if (frame instanceof Http2HeadersFrame h) {
                if (h.headers().status() != null) {
                    status = h.headers().getInt(Http2Headers.PseudoHeaderName.STATUS.value(), 0);
                }
                end = h.isEndStream();
            } else if (frame instanceof Http2DataFrame d) {
                length += d.content().readableBytes();
                end = d.isEndStream();
            }
            if (end) {
                result.complete(new Reply(status, length));
                ctx.close(); // the stream is closed both ways; this frees the child channel
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            result.completeExceptionally(cause);
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            result.completeExceptionally(new IllegalStateException("stream closed before the end of the response"));
        }
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
