package io.h2scope.bench.client;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.H2Response;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;

/** The engine's {@link H2Client}: h2c by prior knowledge, one connection, the request built once. */
final class H2scopeClientAdapter implements ClientAdapter {

    private final H2Client client;
    private final H2Request request;
    private final HttpResponse.BodyHandler<byte[]> handler = HttpResponse.BodyHandlers.ofByteArray();

    H2scopeClientAdapter(URI url) {
        client = H2Client.newBuilder().maxConnectionsPerAuthority(1).build();
        request = H2Request.newBuilder(url).build();
    }

    @Override
    public String name() {
        return "h2scope";
    }

    @Override
    public Reply get() throws Exception {
        return reply(client.send(request, handler));
    }

    @Override
    public CompletableFuture<Reply> getAsync() {
        return client.sendAsync(request, handler).thenApply(H2scopeClientAdapter::reply);
    }

    private static Reply reply(H2Response<byte[]> r) {
        return new Reply(r.status(), r.body().length);
    }

    @Override
    public void close() {
        client.close();
    }
}
