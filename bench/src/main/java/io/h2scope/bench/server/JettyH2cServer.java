package io.h2scope.bench.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;

/**
 * Jetty 12 HTTP/2 server for the load comparison: one connector speaking h2c by prior knowledge
 * ({@code HTTP2CServerConnectionFactory}), a core {@link Handler} (no servlets) answering with
 * {@link BenchBody}, Jetty's default thread pool.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar io.h2scope.bench.server.JettyH2cServer 19882}
 */
public final class JettyH2cServer {

    private JettyH2cServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = BenchBody.port(args, 19882);
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server, new HTTP2CServerConnectionFactory(new HttpConfiguration()));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, BenchBody.CONTENT_TYPE);
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, BenchBody.BYTES.length);
                response.write(true, ByteBuffer.wrap(BenchBody.BYTES), callback);
                return true;
            }
        });
        server.start();
        System.out.println("jetty h2c listening on 127.0.0.1:" + port);
        server.join();
    }
}
