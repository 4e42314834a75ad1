package io.h2scope.conformance.client.drive;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * OkHttp 5, a fresh client per task: h2c with {@link Protocol#H2_PRIOR_KNOWLEDGE} on http:// URLs, h2 over TLS
 * (ALPN) trusting the task's CA on https:// ones. It has no h2c Upgrade. Requests are enqueued at once, so several
 * share one connection.
 */
final class OkHttpClientUnderTest extends LibraryClient {

    OkHttpClientUnderTest() {
        super("okhttp");
    }

    @Override
    public List<ClientOutcome> fetch(ClientTask task) throws InterruptedException {
        requireAbilities(task);
        OkHttpClient.Builder builder = new OkHttpClient.Builder().callTimeout(task.timeout())
                .retryOnConnectionFailure(false);
        if (task.connect() == Connect.TLS) {
            CaTrust trust = CaTrust.of(task);
            builder.sslSocketFactory(trust.context().getSocketFactory(), trust.manager())
                    .protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1));
        } else {
            builder.protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE));
        }
        OkHttpClient client = builder.build();
        client.dispatcher().setMaxRequestsPerHost(Math.max(5, task.requests().size()));
        try {
            PendingOutcomes pending = new PendingOutcomes();
            for (ClientRequest r : task.requests()) {
                try {
                    RequestBody body = r.body() == null ? null
                            : RequestBody.create(r.body().toFile(), MediaType.get("application/octet-stream"));
                    Call call = client.newCall(new Request.Builder().url(r.url().toString()).method(r.method(), body).build());
                    pending.add(enqueue(call));
                } catch (RuntimeException e) {
                    pending.failedAtOnce(e);
                }
            }
            return pending.await(task.timeout());
        } finally {
            client.dispatcher().cancelAll();
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }
    }

    private static CompletableFuture<PendingOutcomes.Delivered> enqueue(Call call) {
        CompletableFuture<PendingOutcomes.Delivered> delivered = new CompletableFuture<>();
        delivered.whenComplete((d, e) -> {
            if (delivered.isCancelled()) {
                call.cancel();
            }
        });
        call.enqueue(new Callback() {
            @Override
            public void onFailure(Call c, IOException e) {
                delivered.completeExceptionally(e);
            }

            @Override
            public void onResponse(Call c, Response response) {
                try (ResponseBody body = response.body()) {
                    delivered.complete(new PendingOutcomes.Delivered(response.code(), body.bytes().length));
                } catch (IOException | RuntimeException e) {
                    delivered.completeExceptionally(e);
                }
            }
        });
        return delivered;
    }
}
