package io.h2scope.bench.client;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * OkHttp 5 with {@link Protocol#H2_PRIOR_KNOWLEDGE}. Its dispatcher runs at most 5 calls per host at
 * once by default; the limits are raised so the multiplexed benchmark really has 64 streams in flight
 * (the documented way: {@link Dispatcher#setMaxRequestsPerHost}).
 */
final class OkHttpClientAdapter implements ClientAdapter {

    private final OkHttpClient client;
    private final Request request;

    OkHttpClientAdapter(URI url) {
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(4 * MULTIPLEXED);
        dispatcher.setMaxRequestsPerHost(4 * MULTIPLEXED);
        client = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).dispatcher(dispatcher).build();
        request = new Request.Builder().url(url.toString()).build();
    }

    @Override
    public String name() {
        return "okhttp";
    }

    @Override
    public Reply get() throws IOException {
        try (Response r = client.newCall(request).execute()) {
            return reply(r);
        }
    }

    @Override
    public CompletableFuture<Reply> getAsync() {
        CompletableFuture<Reply> f = new CompletableFuture<>();
        client.newCall(request).enqueue(new Callback() {
            @Override
            public void onResponse(Call call, Response response) {
                try (response) {
                    f.complete(reply(response));
                } catch (IOException | RuntimeException e) {
                    f.completeExceptionally(e);
                }
            }

            @Override
            public void onFailure(Call call, IOException e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    private static Reply reply(Response r) throws IOException {
        if (r.protocol() != Protocol.H2_PRIOR_KNOWLEDGE) {
            throw new IllegalStateException("OkHttp used " + r.protocol() + ", not h2 prior knowledge");
        }
        return new Reply(r.code(), r.body().bytes().length);
    }

    @Override
    public void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
