package io.h2scope.engine.transport.http1;

import io.h2scope.engine.http1.Http1Header;
import io.h2scope.engine.http1.Http1ParseException;
import io.h2scope.engine.http1.Http1ResponseHead;
import io.h2scope.engine.http1.Http1ResponseParser;

import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * The client side of {@code Upgrade: h2c} (RFC 7540 §3.2) on a fresh cleartext connection: writes the
 * HTTP/1.1 upgrade request, reads the response head (at most {@code maxResponseHeadBytes}), and on
 * {@code 101 Switching Protocols} with {@code Upgrade: h2c} hands the connection to the HTTP/2 handler:
 * {@code onOpen}, then the bytes that followed the 101's head (the server's preface may be among them).
 *
 * <p>Any other final response means the server does not do the upgrade: the listener hears
 * {@link Listener#refused} with the status line and the connection is closed at once (the rest of that
 * response is not read). 1xx interim responses other than 101 are skipped (RFC 9110 §15.2). Timing out
 * is the caller's job: this handler never waits on its own.
 */
public final class H2cUpgradeHandshake implements ConnectionHandler {

    /** What the client learns from the handshake; called on the connection's thread. */
    public interface Listener {

        /** The HTTP/1.1 request head went out (text, without the final empty line), for traces. */
        default void requestSent(String head) {
        }

        /** A response head arrived (101, interim, or the refusal), for traces. */
        default void responseReceived(Http1ResponseHead head) {
        }

        /**
         * The server does not upgrade: {@code answer} is the status line of its final response other than
         * 101, or says that it answered with HTTP/2 frames at once (h2c by prior knowledge only, like
         * nghttpd). The connection is being closed.
         */
        void refused(String answer);

        /** No answer: closed before a complete head, a head over the limit, not HTTP, or an I/O error. */
        void failed(IOException cause);
    }

    private enum State { WAITING, SWITCHED, OVER }

    private final ByteBuffer request;
    private final ConnectionHandler http2;
    private final Listener listener;
    private final Http1ResponseParser parser;
    private ConnectionContext ctx;
    private State state = State.WAITING;

    /**
     * @param request              the complete HTTP/1.1 upgrade request (head, and body if any)
     * @param maxResponseHeadBytes the response head limit ({@link Http1ResponseParser#DEFAULT_MAX_HEAD_BYTES})
     * @param http2                opened on the connection after the 101
     */
    public H2cUpgradeHandshake(ByteBuffer request, int maxResponseHeadBytes, ConnectionHandler http2, Listener listener) {
        this.request = Objects.requireNonNull(request, "request").asReadOnlyBuffer();
        this.http2 = Objects.requireNonNull(http2, "http2");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.parser = new Http1ResponseParser(maxResponseHeadBytes);
    }

    @Override
    public void onOpen(ConnectionContext context) {
        this.ctx = context;
        listener.requestSent(headText(request));
        ByteBuffer copy = ByteBuffer.allocate(request.remaining());
        copy.put(request.duplicate()).flip();
        ctx.write(copy);
        ctx.flush();
    }

    @Override
    public void onRead(ByteBuffer bytes) {
        if (state == State.SWITCHED) {
            http2.onRead(bytes);
            return;
        }
        while (state == State.WAITING && bytes.hasRemaining()) {
            Optional<Http1ResponseHead> head;
            try {
                head = parser.feed(bytes);
            } catch (Http1ParseException e) {
                if (looksLikeSettingsFrame(parser.prefix())) {
                    state = State.OVER;
                    listener.refused("an HTTP/2 SETTINGS frame at once (the server speaks h2c by prior knowledge only)");
                    ctx.abort();
                    return;
                }
                fail(new IOException("the answer to Upgrade: h2c is not a valid HTTP/1.1 response (" + e.getMessage()
                        + ")"));
                return;
            }
            if (head.isEmpty()) {
                return;
            }
            answered(head.get(), bytes);
        }
        if (state == State.OVER) {
            bytes.position(bytes.limit());
        }
    }

    private void answered(Http1ResponseHead head, ByteBuffer rest) {
        listener.responseReceived(head);
        if (head.status() == 101 && head.hasToken("Upgrade", "h2c")) {
            // RFC7540 §3.2: "the server ... responds with a 101 (Switching Protocols) response ... HTTP/2 frames follow"
            state = State.SWITCHED;
            http2.onOpen(ctx);
            if (rest.hasRemaining()) {
                http2.onRead(rest);
            }
        } else if (head.status() == 101) {
            fail(new IOException("the server switched to another protocol than h2c: " + head.statusLine()
                    + ", Upgrade: " + head.headers().stream().filter(h -> h.name().equalsIgnoreCase("Upgrade"))
                            .map(Http1Header::value).findFirst().orElse("(none)")));
        } else if (head.status() < 200) {
            // RFC9110 §15.2: "A client MUST be able to parse one or more 1xx responses received prior to a final response"
        } else {
            state = State.OVER;
            listener.refused(head.statusLine());
            ctx.abort();
        }
    }

    private void fail(IOException cause) {
        if (state == State.WAITING) {
            state = State.OVER;
            listener.failed(cause);
            if (ctx != null) {
                ctx.abort();
            }
        }
    }

    @Override
    public void onWritable() {
        if (state == State.SWITCHED) {
            http2.onWritable();
        }
    }

    @Override
    public boolean onInputClosed() {
        if (state == State.SWITCHED) {
            return http2.onInputClosed();
        }
        fail(new IOException("the server closed the connection without answering the Upgrade: h2c request"));
        return false;
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        if (state == State.SWITCHED) {
            http2.onClose(causeOrNull);
            return;
        }
        fail(causeOrNull instanceof IOException io ? io : new IOException("the connection closed before the server "
                + "answered the Upgrade: h2c request" + (causeOrNull == null ? "" : ": " + causeOrNull), causeOrNull));
    }

    /** The start of a frame header (RFC 9113 §4.1) of type SETTINGS, flags 0, length a multiple of 6. */
    private static boolean looksLikeSettingsFrame(byte[] b) {
        if (b.length < Http1ResponseParser.PREFIX_LENGTH) {
            return false;
        }
        int length = (b[0] & 0xff) << 16 | (b[1] & 0xff) << 8 | b[2] & 0xff;
        return b[3] == 0x4 && b[4] == 0 && length % 6 == 0;
    }

    private static String headText(ByteBuffer request) {
        ByteBuffer b = request.duplicate();
        byte[] all = new byte[b.remaining()];
        b.get(all);
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        return (end < 0 ? text : text.substring(0, end)).replace("\r\n", "\n");
    }
}
