package io.h2scope.conformance.client.drive;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.PathRequestContent;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.http2.client.transport.HttpClientTransportOverHTTP2;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * Jetty 12's {@link HttpClient} over its HTTP/2 transport, a fresh one per task: h2c with prior knowledge on http://
 * URLs, h2 over TLS (ALPN) trusting the task's CA on https:// ones. No h2c Upgrade through this transport.
 */
final class JettyClientUnderTest extends LibraryClient {

    /** The most response body it buffers: far above what any case sends. */
    private static final int MAX_BODY = 64 << 20;

    JettyClientUnderTest() {
        super("jetty");
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        requireAbilities(task);
        ClientConnector connector = new ClientConnector();
        if (task.connect() == Connect.TLS) {
            SslContextFactory.Client tls = new SslContextFactory.Client();
            tls.setTrustStore(CaTrust.of(task).store());
            connector.setSslContextFactory(tls);
        }
        HttpClient client = new HttpClient(new HttpClientTransportOverHTTP2(new HTTP2Client(connector)));
        client.setConnectTimeout(task.timeout().toMillis());
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("Jetty's HttpClient did not start: " + e, e);
        }
        try {
            PendingOutcomes pending = new PendingOutcomes();
            for (ClientRequest r : task.requests()) {
                try {
                    Request request = client.newRequest(r.url()).method(r.method())
                            .timeout(task.timeout().toMillis(), TimeUnit.MILLISECONDS);
                    if (r.body() != null) {
                        request.body(new PathRequestContent(r.body()));
                    }
                    pending.add(send(request));
                } catch (IOException | RuntimeException e) {
                    pending.failedAtOnce(e);
                }
            }
            return pending.await(task.timeout());
        } finally {
            try {
                client.stop();
            } catch (Exception e) {
                // stopping frees threads and sockets; a failure to do so says nothing about the case
            }
        }
    }

    private static CompletableFuture<PendingOutcomes.Delivered> send(Request request) {
        CompletableFuture<PendingOutcomes.Delivered> delivered = new CompletableFuture<>();
        delivered.whenComplete((d, e) -> {
            if (delivered.isCancelled()) {
                request.abort(new java.util.concurrent.CancellationException("the case's timeout"));
            }
        });
        request.send(new BufferingResponseListener(MAX_BODY) {
            @Override
            public void onComplete(Result result) {
                if (result.isFailed()) {
                    delivered.completeExceptionally(result.getFailure());
                } else {
                    delivered.complete(new PendingOutcomes.Delivered(result.getResponse().getStatus(), getContent().length));
                }
            }
        });
        return delivered;
    }
}
