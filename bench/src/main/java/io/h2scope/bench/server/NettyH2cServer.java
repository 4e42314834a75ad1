package io.h2scope.bench.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.util.ReferenceCountUtil;

import java.net.InetSocketAddress;

/**
 * Netty 4.2 HTTP/2 server for the load comparison: h2c by prior knowledge, NIO transport,
 * {@code Http2FrameCodec} with one handler answering every request on the event loop with
 * {@link BenchBody}. Selector threads: one per available core (the JVM sees the taskset mask).
 *
 * <p>{@code java -cp bench/target/benchmarks.jar io.h2scope.bench.server.NettyH2cServer 19881}
 */
public final class NettyH2cServer {

    private NettyH2cServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = BenchBody.port(args, 19881);
        int threads = Runtime.getRuntime().availableProcessors();
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(threads, NioIoHandler.newFactory());
        try {
            Channel ch = new ServerBootstrap().group(boss, workers)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), new Responder());
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", port)).sync().channel();
            System.out.println("netty h2c listening on 127.0.0.1:" + port + " (" + threads + " loop threads)");
            ch.closeFuture().sync();
        } finally {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
        }
    }

    /** Answers each request when its headers arrive; request DATA is read and dropped. */
    @ChannelHandler.Sharable
    static final class Responder extends ChannelDuplexHandler {

        private static final ByteBuf BODY = Unpooled.unreleasableBuffer(
                Unpooled.directBuffer(BenchBody.BYTES.length).writeBytes(BenchBody.BYTES)).asReadOnly();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2HeadersFrame headers) {
                if (headers.isEndStream()) {
                    respond(ctx, headers);
                }
            } else if (msg instanceof Http2DataFrame data) {
                if (data.isEndStream()) {
                    respondTo(ctx, data);
                }
                ReferenceCountUtil.release(data);
                return;
            }
            ReferenceCountUtil.release(msg);
        }

        private static void respond(ChannelHandlerContext ctx, Http2HeadersFrame request) {
            send(ctx, request.stream());
        }

        private static void respondTo(ChannelHandlerContext ctx, Http2DataFrame request) {
            send(ctx, request.stream());
        }

        private static void send(ChannelHandlerContext ctx, io.netty.handler.codec.http2.Http2FrameStream stream) {
            Http2Headers headers = new DefaultHttp2Headers().status("200")
                    .set("content-type", BenchBody.CONTENT_TYPE)
                    .setInt("content-length", BenchBody.BYTES.length);
            ctx.write(new DefaultHttp2HeadersFrame(headers).stream(stream));
            ctx.write(new DefaultHttp2DataFrame(BODY.duplicate(), true).stream(stream));
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
