package io.h2scope.bench.client;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A Jetty 12 server on a free loopback port that answers every GET with one fixed body, speaking h2c
 * both by prior knowledge and by HTTP/1.1 Upgrade (the JDK client's way), and recording for every
 * request the protocol version and the connection it came on.
 */
final class H2cBodyServer implements AutoCloseable {

    record Seen(String version, String connection) {
    }

    private final Server server = new Server();
    private final ServerConnector connector;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    H2cBodyServer(byte[] body) throws Exception {
        HttpConfiguration config = new HttpConfiguration();
        connector = new ServerConnector(server, new HttpConnectionFactory(config), new HTTP2CServerConnectionFactory(config));
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                seen.add(new Seen(request.getConnectionMetaData().getHttpVersion().asString(),
                        request.getConnectionMetaData().getId()));
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
                response.write(true, ByteBuffer.wrap(body), callback);
                return true;
            }
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + connector.getLocalPort() + path;
    }

    /** Every request answered so far, oldest first. */
    List<Seen> seen() {
        return List.copyOf(seen);
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
