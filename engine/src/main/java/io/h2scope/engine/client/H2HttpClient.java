package io.h2scope.engine.client;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * A {@link HttpClient} backed by {@link H2Client}, so code written for the JDK client switches in one line:
 * <pre>{@code
 * HttpClient client = new H2HttpClient(H2Client.newBuilder().build());   // was HttpClient.newHttpClient()
 * HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString());
 * }</pre>
 * HTTP/2 only: a request asking for HTTP/1.1, {@code expectContinue}, WebSocket and push promise handlers
 * throw {@link UnsupportedOperationException} saying so. Redirects are not followed, no cookies, no proxy.
 */
public final class H2HttpClient extends HttpClient implements AutoCloseable {

    private final H2Client client;
    /**
     * The last bodiless request converted, with its conversion: an {@code HttpRequest} is immutable and may be
     * sent many times, and one sent again reuses its {@link H2Request} (its header section and pool key made
     * once) as an {@code H2Request} sent again does. Requests with a body are converted each time, so that no
     * body stays reachable from here.
     */
    private volatile Converted last;

    private record Converted(HttpRequest source, H2Request request) {
    }

    public H2HttpClient(H2Client client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /** A client with the engine's defaults. */
    public static H2HttpClient create() {
        return new H2HttpClient(H2Client.newBuilder().build());
    }

    public H2Client engine() {
        return client;
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        return new Response<>(client.send(converted(request), handler)); // its waiting, cancelling, errors
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return new ResponseFuture<>(client.sendAsync(converted(request), handler));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
            HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
        if (pushPromiseHandler != null) {
            throw new UnsupportedOperationException("H2HttpClient takes no per-request PushPromiseHandler: "
                    + "configure H2Client.Builder.pushHandler instead");
        }
        return sendAsync(request, handler);
    }

    private H2Request converted(HttpRequest request) {
        Converted c = last;
        if (c != null && c.source == request) {
            return c.request;
        }
        H2Request h2 = convert(request);
        if (h2.body().isEmpty()) {
            last = new Converted(request, h2);
        }
        return h2;
    }

    private static H2Request convert(HttpRequest request) {
        if (request.version().orElse(Version.HTTP_2) == Version.HTTP_1_1) {
            throw new UnsupportedOperationException("H2HttpClient speaks HTTP/2 only; the request asks for HTTP/1.1");
        }
        if (request.expectContinue()) {
            throw new UnsupportedOperationException("H2HttpClient does not implement 'Expect: 100-continue'");
        }
        H2Request.Builder b = H2Request.newBuilder(request.uri())
                .method(request.method(), request.bodyPublisher().filter(p -> !isNoBody(request, p)).orElse(null));
        for (Map.Entry<String, List<String>> e : request.headers().map().entrySet()) {
            for (String v : e.getValue()) {
                b.header(e.getKey(), v);
            }
        }
        request.timeout().ifPresent(b::timeout);
        return b.build().from(request);
    }

    /** GET and friends carry BodyPublishers.noBody(): send no DATA at all. */
    private static boolean isNoBody(HttpRequest request, HttpRequest.BodyPublisher p) {
        return p.contentLength() == 0 && (request.method().equals("GET") || request.method().equals("HEAD")
                || request.method().equals("DELETE"));
    }

    @Override
    public WebSocket.Builder newWebSocketBuilder() {
        throw new UnsupportedOperationException("H2HttpClient does not do WebSocket (it would need RFC 8441 "
                + "extended CONNECT): use HttpClient.newHttpClient() for WebSockets");
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return Optional.empty();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return Optional.of(client.config().connectTimeout());
    }

    @Override
    public Redirect followRedirects() {
        return Redirect.NEVER;
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return Optional.empty();
    }

    @Override
    public SSLContext sslContext() {
        if (client.config().sslContext() != null) {
            return client.config().sslContext();
        }
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public SSLParameters sslParameters() {
        SSLParameters p = new SSLParameters();
        p.setApplicationProtocols(new String[] {"h2"});
        return p;
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return Optional.empty();
    }

    @Override
    public Version version() {
        return Version.HTTP_2;
    }

    @Override
    public Optional<Executor> executor() {
        return Optional.ofNullable(client.config().executor());
    }

    @Override
    public void close() {
        client.close();
    }

    /**
     * The future {@code sendAsync} returns: completed by the engine's future with the response wrapped, in one
     * stage; cancelling it (or completing it with a CancellationException) cancels the request (RST_STREAM CANCEL).
     */
    private static final class ResponseFuture<T> extends CompletableFuture<HttpResponse<T>>
            implements BiConsumer<H2Response<T>, Throwable> {
        private final CompletableFuture<H2Response<T>> inner;

        ResponseFuture(CompletableFuture<H2Response<T>> inner) {
            this.inner = inner;
            if (inner instanceof OneListenerFuture<H2Response<T>> engine) {
                engine.onOutcome(this); // no stage of its own per request
            } else {
                inner.whenComplete(this); // a future failed before the request began
            }
        }

        /** The engine's future settled: this one follows. */
        @Override
        public void accept(H2Response<T> r, Throwable e) {
            if (e != null) {
                super.completeExceptionally(e);
            } else {
                super.complete(new Response<>(r));
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            if (cancelled) {
                inner.cancel(true);
            }
            return cancelled;
        }

        @Override
        public boolean completeExceptionally(Throwable ex) {
            boolean completed = super.completeExceptionally(ex);
            if (completed && ex instanceof CancellationException) {
                inner.cancel(true);
            }
            return completed;
        }

        @Override
        public <U> CompletableFuture<U> newIncompleteFuture() {
            return new CompletableFuture<>();
        }
    }

    /** The engine's response as a JDK {@link HttpResponse}; its request is the one the engine's was made from. */
    private record Response<T>(H2Response<T> r) implements HttpResponse<T> {
        @Override
        public HttpRequest request() {
            return r.request().source();
        }

        @Override
        public int statusCode() {
            return r.status();
        }

        @Override
        public Optional<HttpResponse<T>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public HttpHeaders headers() {
            return r.httpHeaders();
        }

        @Override
        public T body() {
            return r.body();
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return r.sslSession();
        }

        @Override
        public URI uri() {
            return request().uri();
        }

        @Override
        public Version version() {
            return Version.HTTP_2;
        }
    }
}
