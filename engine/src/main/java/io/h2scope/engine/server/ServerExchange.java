package io.h2scope.engine.server;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.RequestHead;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * One request and its response on an HTTP/2 stream. Every method may be called from any thread;
 * response operations are carried to the connection's loop thread and applied there in call order.
 *
 * <p>A response is {@link #informational} (0 or more), then {@link #respond} (headers), then any
 * number of {@link #write}s, then {@link #end} or {@link #trailers}; or the one-shot
 * {@link #respond(int, List, ByteBuffer)}. Misuse (a second final response, a write before it) is
 * reported by the failed stage of {@code write} or, for the others, logged and the stream reset.
 */
public interface ServerExchange {

    int streamId();

    /** The validated request header section (RFC 9113 §8.3.1). */
    RequestHead request();

    /** The client, e.g. "127.0.0.1:53124". */
    String remote();

    boolean isTls();

    /** Streams the request body to {@code receiver}; call at most once (and not with {@link #readBody}). */
    void onBody(BodyReceiver receiver);

    /** Collects the whole request body; fails (and resets the stream with CANCEL) past {@code maxBytes}. */
    CompletionStage<byte[]> readBody(long maxBytes);

    /** An interim 1xx response (RFC 9113 §8.1); 101 does not exist in HTTP/2 (§8.6). */
    void informational(int status, List<HeaderField> headers);

    /** The final response's header section; the body follows with {@link #write} and {@link #end}. */
    void respond(int status, List<HeaderField> headers);

    /** A complete response: headers and {@code body} (empty: HEADERS with END_STREAM alone). */
    void respond(int status, List<HeaderField> headers, ByteBuffer body);

    /**
     * Queues body bytes (the exchange takes the buffer: do not touch it again). The stage completes when
     * the stream's queue is back under the server's {@code streamWriteBufferBytes} (back-pressure: wait
     * for it before writing more), or fails with {@link StreamClosedException}.
     */
    CompletionStage<Void> write(ByteBuffer data);

    /** Sends trailers, which end the response (RFC 9113 §8.1). */
    void trailers(List<HeaderField> trailers);

    /** Ends the response (a 200 with no body if nothing was sent yet). */
    void end();

    /** Ends the stream with RST_STREAM {@code code}. */
    void reset(ErrorCode code);

    /** Whether the client allows push (SETTINGS_ENABLE_PUSH, RFC 9113 §8.4) as far as known now. */
    boolean pushAllowed();

    /**
     * Promises a response to {@code GET path} (PUSH_PROMISE, RFC 9113 §8.4) and returns the pushed
     * exchange to answer it on. When push turns out not to be allowed (the client disabled it, GOAWAY)
     * the returned exchange is dead: its operations do nothing and its writes fail.
     *
     * @param headers extra request fields of the promised request (regular fields only)
     */
    ServerExchange push(String path, List<HeaderField> headers);
}
