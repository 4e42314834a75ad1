package io.h2scope.bench.client;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.api.Session;
import org.eclipse.jetty.http2.api.Stream;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.util.Promise;

/**
 * Jetty 12's low-level {@link HTTP2Client}: one {@link Session} over plain TCP (h2c by prior knowledge),
 * a stream per request, the body read by demand ({@code readData}/{@code demand}) as Jetty's
 * documentation shows.
 */
final class JettyClientAdapter implements ClientAdapter {

    private final HTTP2Client client = new HTTP2Client();
    private final Session session;
    private final MetaData.Request request;

    JettyClientAdapter(URI url) throws Exception {
        client.start();
        session = client.connect(new InetSocketAddress(url.getHost(), url.getPort()), new Session.Listener() {
        }).get(10, TimeUnit.SECONDS);
        request = new MetaData.Request("GET", HttpURI.from(url.toString()), HttpVersion.HTTP_2, HttpFields.EMPTY);
    }

    @Override
    public String name() {
        return "jetty";
    }

    @Override
    public Reply get() throws Exception {
        return getAsync().get(30, TimeUnit.SECONDS);
    }

    @Override
    public CompletableFuture<Reply> getAsync() {
        ResponseListener listener = new ResponseListener();
        session.newStream(new HeadersFrame(request, null, true), Promise.from(s -> { }, listener.result::completeExceptionally),
                listener);
        return listener.result;
    }

    /** One response: the status from its HEADERS, the body counted as it is read and released. */
    private static final class ResponseListener implements Stream.Listener {
        final CompletableFuture<Reply> result = new CompletableFuture<>();
        private int status;
        private int length;

        @Override
        public void onHeaders(Stream stream, HeadersFrame frame) {
            if (frame.getMetaData() instanceof MetaData.Response response) {
                status = response.getStatus();
            }
            if (frame.isEndStream()) {
                result.complete(new Reply(status, length));
            } else {
                stream.demand();
            }
        }

        @Override
        public void onDataAvailable(Stream stream) {
            while (true) {
                Stream.Data data = stream.readData();
                if (data == null) {
                    stream.demand();
                    return;
                }
                length += data.frame().remaining();
                boolean end = data.frame().isEndStream();
                data.release();
                if (end) {
                    result.complete(new Reply(status, length));
                    return;
                }
            }
        }

        @Override
        public void onReset(Stream stream, org.eclipse.jetty.http2.frames.ResetFrame frame, org.eclipse.jetty.util.Callback callback) {
            result.completeExceptionally(new IllegalStateException("stream reset, error " + frame.getError()));
            callback.succeeded();
        }
    }

    @Override
    public void close() throws Exception {
        client.stop();
    }
}
