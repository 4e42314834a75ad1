package io.h2scope.inspector.source;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Response;

import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The inspector's own client: requests go out on an engine {@link H2Client} whose trace sink is a
 * {@link QueuedDelivery}, so the connection's thread only enqueues. The client keeps one connection per authority
 * open between requests (no idle timeout); a request that asks for another transport or trust setting gets a new
 * client, the old one goes away with a GOAWAY.
 */
public final class ClientSource implements TraceSource {

    /** What came back, for the panel. */
    public record Response(int status, String headers, String body, long connectionCount) {
    }

    private static final int MAX_BODY_SHOWN = 64 * 1024;

    private final QueuedDelivery sink = new QueuedDelivery("h2scope-inspector-client-trace");
    private volatile boolean closed;
    private H2Client client; // guarded by this
    private RequestForm.Transport clientTransport;
    private boolean clientInsecure;

    @Override
    public String name() {
        return "client";
    }

    @Override
    public void start(SourceSink target) {
        sink.start(target);
    }

    /**
     * Sends {@code request} on the kept connection (opened on first use); completes off the FX thread.
     *
     * @throws IllegalArgumentException when the request is not valid (the message says why, in one line)
     */
    public CompletableFuture<Response> send(RequestForm request) {
        var engineRequest = request.toRequest();
        H2Client c = clientFor(request);
        return c.sendAsync(engineRequest, BodyHandlers.ofString()).thenApply(r -> response(r, c));
    }

    private static Response response(H2Response<String> r, H2Client c) {
        StringBuilder headers = new StringBuilder();
        r.headers().forEach(h -> headers.append(h.name()).append(": ").append(h.value()).append('\n'));
        String body = r.body();
        if (body.length() > MAX_BODY_SHOWN) {
            body = body.substring(0, MAX_BODY_SHOWN) + "\n... (" + (r.body().length() - MAX_BODY_SHOWN) + " more characters)";
        }
        return new Response(r.status(), headers.toString(), body, c.connectionCount());
    }

    private synchronized H2Client clientFor(RequestForm request) {
        if (closed) {
            throw new IllegalStateException("the client source is closed");
        }
        if (client != null && clientTransport == request.transport() && clientInsecure == request.insecure()) {
            return client;
        }
        if (client != null) {
            client.close();
        }
        H2Client.Builder b = H2Client.newBuilder().maxConnectionsPerAuthority(1).maxRetries(0)
                .idleTimeout(Duration.ZERO).h2cUpgrade(request.transport() == RequestForm.Transport.H2C_UPGRADE)
                .traceSink(sink);
        if (request.insecure()) {
            b.insecure();
        }
        client = b.build();
        clientTransport = request.transport();
        clientInsecure = request.insecure();
        return client;
    }

    /** Connections the current client has open (0 before the first request). */
    public synchronized int connectionCount() {
        return client == null ? 0 : client.connectionCount();
    }

    @Override
    public void close() {
        H2Client c;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            c = client;
            client = null;
        }
        if (c != null) {
            c.close();
        }
        sink.close();
    }
}
