package io.h2scope.engine.transport.http1;

import io.h2scope.engine.http1.Http1ParseException;
import io.h2scope.engine.http1.Http1Request;
import io.h2scope.engine.http1.Http1RequestParser;

import io.h2scope.engine.transport.Cancellable;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP/1.1 side of an HTTP/2 port: reads one request head, then either switches to h2c
 * (RFC 7540 §3.2) or answers with a complete, explanatory HTTP/1.1 response and closes. Never leaves a
 * client waiting: every path ends in a response, an upgrade, or a close.
 *
 * <p>After a refusal the output is shut down at once and the rest of the request is read and dropped
 * (up to {@link Http1Limits#lingerBytes()} or {@link Http1Limits#lingerTime()}), so the client reads the
 * answer rather than a connection reset.
 */
public final class Http1Exchange implements ConnectionHandler {

    /** Cleartext ports may upgrade to h2c; over TLS only ALPN selects HTTP/2, so this answers 505. */
    public enum Mode { CLEARTEXT, TLS }

    private enum State { HEAD, BODY, UPGRADED, LINGERING }

    private static final int MAX_ECHOED_TARGET = 200;

    private final H2Handlers h2;
    private final Http1Limits limits;
    private final Mode mode;
    private final Http1RequestParser parser;
    private ConnectionContext ctx;
    private State state = State.HEAD;
    private Http1Request request;
    private byte[] settingsPayload;
    private byte[] body;
    private int bodyRead;
    private long lingered;
    private Cancellable lingerTimer;
    private ConnectionHandler upgraded;

    public Http1Exchange(H2Handlers h2, Http1Limits limits, Mode mode) {
        this.h2 = h2;
        this.limits = limits;
        this.mode = mode;
        this.parser = new Http1RequestParser(limits.maxHeaderBytes());
    }

    @Override
    public void onOpen(ConnectionContext context) {
        this.ctx = context;
    }

    @Override
    public void onRead(ByteBuffer bytes) {
        switch (state) {
            case HEAD -> readHead(bytes);
            case BODY -> readBody(bytes);
            case UPGRADED -> upgraded.onRead(bytes);
            case LINGERING -> linger(bytes);
        }
    }

    private void readHead(ByteBuffer bytes) {
        Optional<Http1Request> head;
        try {
            head = parser.feed(bytes);
        } catch (Http1ParseException e) {
            refuse(Http1Responses.error(e.status(), e.getMessage()), bytes);
            return;
        }
        if (head.isPresent()) {
            request = head.get();
            decide(bytes);
        }
    }

    private void decide(ByteBuffer rest) {
        if ("PRI".equals(request.method()) && "HTTP/2.0".equals(request.version())) {
            // RFC9113 §3.4: the preface is exactly "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"; this one is broken
            refuse(Http1Responses.error(400, "Incomplete or corrupt HTTP/2 connection preface (RFC 9113 §3.4)."), rest);
            return;
        }
        String received = "Received: " + request.method() + " " + shortTarget() + " " + request.version() + "\n";
        if (mode == Mode.TLS) {
            refuse(Http1Responses.versionNotSupported(received), rest);
            return;
        }
        if (!request.hasToken("Upgrade", "h2c")) {
            refuse(Http1Responses.upgradeRequired(received), rest);
            return;
        }
        String problem = upgradeProblem();
        if (problem != null) {
            refuse(Http1Responses.upgradeRequired(received + problem + "\n"), rest);
            return;
        }
        readUpgradeBodyLength(rest);
    }

    /** Why an Upgrade: h2c request cannot be upgraded, or null if it can. Decodes HTTP2-Settings. */
    private String upgradeProblem() {
        if (!"HTTP/1.1".equals(request.version())) {
            return "Upgrade needs HTTP/1.1.";
        }
        List<String> settings = request.values("HTTP2-Settings");
        if (settings.size() != 1) {
            // RFC7540 §3.2.1: "A server MUST NOT upgrade the connection to HTTP/2 if this header field is not present or if more than one is present."
            return "Upgrade: h2c needs exactly one HTTP2-Settings header, got " + settings.size() + " (RFC 7540 §3.2.1).";
        }
        if (!request.hasToken("Connection", "Upgrade") || !request.hasToken("Connection", "HTTP2-Settings")) {
            // RFC7540 §3.2.1: "a client sending the HTTP2-Settings header field MUST also send HTTP2-Settings as a connection option in the Connection header field"
            return "Upgrade: h2c needs Connection: Upgrade, HTTP2-Settings (RFC 7540 §3.2.1).";
        }
        try {
            // RFC7540 §3.2.1: "a base64url string ... with any trailing '=' characters omitted"
            settingsPayload = Base64.getUrlDecoder().decode(settings.get(0).strip());
        } catch (IllegalArgumentException e) {
            return "HTTP2-Settings is not base64url (RFC 7540 §3.2.1): " + e.getMessage();
        }
        if (settingsPayload.length % 6 != 0) {
            // RFC9113 §6.5: "A SETTINGS frame with a length other than a multiple of 6 octets MUST be treated as a connection error"
            return "HTTP2-Settings decodes to " + settingsPayload.length + " bytes, not a multiple of 6 (RFC 9113 §6.5).";
        }
        return null;
    }

    private void readUpgradeBodyLength(ByteBuffer rest) {
        if (!request.values("Transfer-Encoding").isEmpty()) {
            refuse(Http1Responses.error(411, "An Upgrade: h2c request with a body needs Content-Length."), rest);
            return;
        }
        long length;
        try {
            length = contentLength();
        } catch (Http1ParseException e) {
            refuse(Http1Responses.error(e.status(), e.getMessage()), rest);
            return;
        }
        if (length > limits.maxUpgradeBodyBytes()) {
            refuse(Http1Responses.error(413, "The body of an Upgrade: h2c request may be at most "
                    + limits.maxUpgradeBodyBytes() + " bytes (maxUpgradeBodyBytes); got Content-Length " + length
                    + ". Send large bodies over HTTP/2."), rest);
            return;
        }
        body = new byte[(int) length];
        if (length > 0 && request.hasToken("Expect", "100-continue")) {
            ctx.write(Http1Responses.continue100());
            ctx.flush();
        }
        state = State.BODY;
        readBody(rest);
    }

    private long contentLength() {
        List<String> values = request.values("Content-Length");
        if (values.isEmpty()) {
            return 0;
        }
        String first = values.get(0).strip();
        for (String value : values) {
            if (!value.strip().equals(first) || !first.matches("[0-9]{1,18}")) {
                throw new Http1ParseException(400, "Invalid Content-Length: " + values);
            }
        }
        return Long.parseLong(first);
    }

    private void readBody(ByteBuffer bytes) {
        int n = Math.min(bytes.remaining(), body.length - bodyRead);
        bytes.get(body, bodyRead, n);
        bodyRead += n;
        if (bodyRead == body.length) {
            upgrade(bytes);
        }
    }

    private void upgrade(ByteBuffer rest) {
        // RFC7540 §3.2: "the server ... responds with a 101 (Switching Protocols) response"; HTTP/2 frames follow
        ctx.write(Http1Responses.switchingToH2c());
        ctx.flush();
        state = State.UPGRADED;
        upgraded = h2.upgraded(new H2cUpgrade(settingsPayload, request, body));
        upgraded.onOpen(ctx);
        if (rest.hasRemaining()) {
            upgraded.onRead(rest);
        }
    }

    private void refuse(ByteBuffer response, ByteBuffer rest) {
        ctx.write(response);
        ctx.shutdownOutput(); // flushes the answer, then FIN: the client sees a complete response and EOF
        state = State.LINGERING;
        lingerTimer = ctx.schedule(ctx::close, limits.lingerTime().toNanos(), TimeUnit.NANOSECONDS);
        linger(rest);
    }

    private void linger(ByteBuffer bytes) {
        lingered += bytes.remaining();
        bytes.position(bytes.limit());
        if (lingered > limits.lingerBytes()) {
            ctx.close();
        }
    }

    private String shortTarget() {
        String target = request.target();
        return target.length() <= MAX_ECHOED_TARGET ? target : target.substring(0, MAX_ECHOED_TARGET) + "...";
    }

    @Override
    public void onWritable() {
        if (state == State.UPGRADED) {
            upgraded.onWritable();
        }
    }

    @Override
    public boolean onInputClosed() {
        return state == State.UPGRADED && upgraded.onInputClosed();
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        if (lingerTimer != null) {
            lingerTimer.cancel();
        }
        if (state == State.UPGRADED) {
            upgraded.onClose(causeOrNull);
        }
    }
}
