package io.h2scope.bench.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;

/**
 * The JDK's {@link HttpClient}. It cannot speak h2c by prior knowledge: its first request upgrades the
 * connection (HTTP/1.1 {@code Upgrade: h2c}, RFC 7540 §3.2), every later one is an HTTP/2 stream on it.
 * {@link ClientAdapter#open} sends that first request; every reply is checked to be HTTP/2.
 */
final class JdkClientAdapter implements ClientAdapter {

    private final HttpClient client;
    private final HttpRequest request;
    private final HttpResponse.BodyHandler<byte[]> handler = HttpResponse.BodyHandlers.ofByteArray();

    JdkClientAdapter(URI url) {
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        request = HttpRequest.newBuilder(url).GET().build();
    }

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public Reply get() throws Exception {
        return reply(client.send(request, handler));
    }

    @Override
    public CompletableFuture<Reply> getAsync() {
        return client.sendAsync(request, handler).thenApply(JdkClientAdapter::reply);
    }

    private static Reply reply(HttpResponse<byte[]> r) {
        if (r.version() != HttpClient.Version.HTTP_2) {
            throw new IllegalStateException("the JDK client used " + r.version() + ", not HTTP/2 (did the server refuse Upgrade: h2c?)");
        }
        return new Reply(r.statusCode(), r.body().length);
    }

    @Override
    public void close() {
        // Java 17's HttpClient has no close(): its selector thread is a daemon and ends once the client is unreachable
    }
}
