package io.h2scope.bench.client;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2HttpClient;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;

/**
 * The engine's {@code java.net.http.HttpClient} drop-in with every default ({@code new H2HttpClient(H2Client
 * .newBuilder().build())}): what a Java developer switching one line gets. Up to four connections are
 * allowed; closing it prints how many the run used (one, unless the first was full).
 */
final class H2scopeDropInAdapter implements ClientAdapter {

    private final H2HttpClient client = new H2HttpClient(H2Client.newBuilder().build());
    private final HttpRequest request;
    private final HttpResponse.BodyHandler<byte[]> handler = HttpResponse.BodyHandlers.ofByteArray();

    H2scopeDropInAdapter(URI url) {
        request = HttpRequest.newBuilder(url).build();
    }

    @Override
    public String name() {
        return "h2scope-dropin";
    }

    @Override
    public Reply get() throws Exception {
        return reply(client.send(request, handler));
    }

    @Override
    public CompletableFuture<Reply> getAsync() {
        return client.sendAsync(request, handler).thenApply(H2scopeDropInAdapter::reply);
    }

    /** The connections open now, for the run's log and the adapters' test. */
    int connections() {
        return client.engine().connectionCount();
    }

    private static Reply reply(HttpResponse<byte[]> r) {
        return new Reply(r.statusCode(), r.body().length);
    }

    @Override
    public void close() {
        System.err.println("h2scope-dropin: " + connections() + " connection(s) open at the end of the run");
        client.close();
    }
}
