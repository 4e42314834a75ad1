package io.h2scope.conformance.client.drive;

import io.h2scope.engine.transport.tls.SslContexts;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The JDK's {@link HttpClient} with {@code Version.HTTP_2}, a fresh one per task. It speaks h2 over TLS with ALPN
 * and, on http:// URLs, h2c only through an HTTP/1.1 Upgrade: it has no prior-knowledge mode.
 */
public final class JdkHttpClientUnderTest implements ClientUnderTest {

    @Override
    public String name() {
        return "jdk-httpclient";
    }

    @Override
    public String describe() {
        return "the JDK's HttpClient (Version.HTTP_2), in process";
    }

    @Override
    public Set<ClientAbility> abilities() {
        return EnumSet.of(ClientAbility.UPGRADE, ClientAbility.TLS, ClientAbility.PARALLEL, ClientAbility.BODY);
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        requireAbilities(task);
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .connectTimeout(task.timeout());
        if (task.connect() == Connect.TLS) {
            try {
                builder.sslContext(SslContexts.clientTrusting(task.caCertificates()));
            } catch (GeneralSecurityException e) {
                throw new IllegalArgumentException("cannot trust the CA in " + task.ca() + ": " + e.getMessage(), e);
            }
        }
        return fetchThrough(builder.build(), task);
    }

    /**
     * The task's requests sent at once through any {@link HttpClient} (the JDK's, or h2scope's drop-in), one outcome
     * per request: what the client handed its caller, or what it raised.
     */
    static List<ClientOutcome> fetchThrough(HttpClient client, ClientTask task) throws InterruptedException {
        PendingOutcomes pending = new PendingOutcomes();
        for (ClientRequest r : task.requests()) {
            try {
                HttpRequest.BodyPublisher body = r.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofFile(r.body());
                HttpRequest request = HttpRequest.newBuilder(r.url()).method(r.method(), body).build();
                pending.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
                        .thenApply(resp -> new PendingOutcomes.Delivered(resp.statusCode(), resp.body().length,
                                resp.headers().map())));
            } catch (IOException | RuntimeException e) {
                pending.failedAtOnce(e);
            }
        }
        return pending.await(task.timeout());
    }
}
