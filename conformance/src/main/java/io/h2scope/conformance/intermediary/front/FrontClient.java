package io.h2scope.conformance.intermediary.front;

import io.h2scope.conformance.intermediary.legs.LegRecorder;
import io.h2scope.conformance.intermediary.origin.ControlFrames;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.TlsPolicy;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * The client in front of the intermediary: one connection per request (h2c by prior knowledge, or TLS with ALPN h2),
 * so that what the front does to one case's connection never touches another's. It sends the case's request exactly
 * as given (no check) and reads until the front answers it, resets it, or ends the connection.
 */
public final class FrontClient {

    private final InetSocketAddress front;
    private final SSLContext tls;
    private final Duration timeout;
    private final int refusedRetries;
    /** Where each connection's exchange goes (the case's front leg), or null: nowhere. */
    private final LegRecorder legs;

    /** A client of an h2c front (prior knowledge). */
    public FrontClient(InetSocketAddress front, Duration timeout) {
        this(front, null, timeout);
    }

    /**
     * @param tls the context for a TLS front (ALPN h2; its trust decides which certificates pass), or null for h2c
     */
    public FrontClient(InetSocketAddress front, SSLContext tls, Duration timeout) {
        this(front, tls, timeout, DEFAULT_REFUSED_RETRIES);
    }

    /**
     * @param refusedRetries how many times a request refused unprocessed (REFUSED_STREAM) is sent again, 0 or more
     */
    public FrontClient(InetSocketAddress front, SSLContext tls, Duration timeout, int refusedRetries) {
        this(front, tls, timeout, refusedRetries, null);
    }

    private FrontClient(InetSocketAddress front, SSLContext tls, Duration timeout, int refusedRetries,
            LegRecorder legs) {
        if (refusedRetries < 0) {
            throw new IllegalArgumentException("refused-stream retries must be 0 or more, got " + refusedRetries);
        }
        this.front = front;
        this.tls = tls;
        this.timeout = timeout;
        this.refusedRetries = refusedRetries;
        this.legs = legs;
    }

    /** The same client, each connection's exchange kept as the front leg of the calling thread's case on {@code legs}. */
    public FrontClient recordingTo(LegRecorder legs) {
        return new FrontClient(front, tls, timeout, refusedRetries, legs);
    }

    /** What the front speaks, for messages: "h2c" or "TLS (ALPN h2)". */
    public String protocol() {
        return tls == null ? "h2c" : "TLS (ALPN h2)";
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * A new connection to the front, its preface and empty SETTINGS sent: over TLS only once ALPN chose h2.
     *
     * @throws IOException when the front cannot be reached, or a TLS front did not choose h2 (the message says which)
     */
    public ScriptedPeer connect() throws IOException {
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(front, (int) timeout.toMillis());
        if (tls != null) {
            socket = secure(socket);
        }
        ScriptedPeer peer = (legs == null ? ScriptedPeer.client(socket, TraceSink.NONE) : legs.front(socket))
                .patience(timeout);
        peer.sendPreface();
        // no server push (RFC 9113 §8.4): a 103 with a Link preload would else open a promised stream whose
        // request fields a case would read as the response
        peer.send(SettingsFrame.of(new RawSetting(SettingId.ENABLE_PUSH.code(), 0)));
        return peer;
    }

    /**
     * The value the front's SETTINGS gives {@code id} on a new connection, or the setting's initial value when it
     * gives none or sends no SETTINGS within the timeout (RFC 9113 §6.5.2). A front's settings are the same on
     * every connection, so a case reads them here before it sends on another.
     */
    public long setting(SettingId id) throws IOException {
        ScriptedPeer connected = connect(); // a front that cannot be reached throws
        try (ScriptedPeer peer = connected) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() - deadline < 0) {
                Incoming in = peer.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                if (in == null || in instanceof Incoming.Closed) {
                    break;
                }
                if (in instanceof Incoming.FrameIn f && f.frame() instanceof SettingsFrame s && !s.ack()) {
                    return s.settings().stream().filter(r -> r.id() == id.code()).reduce((a, b) -> b)
                            .map(RawSetting::value).orElse(id.initialValue());
                }
            }
        } catch (IOException e) {
            // the front closed before its SETTINGS: it advertised nothing
        }
        return id.initialValue();
    }

    /** A TLS front that did not choose h2 by ALPN: nothing can run on it. */
    public static final class NotH2 extends IOException {
        NotH2(String message) {
            super(message);
        }
    }

    private NotH2 notH2(String what) {
        return new NotH2("the TLS front " + authority() + " did not choose h2 by ALPN (RFC 9113 §3.2; " + what
                + "): enable HTTP/2 on its TLS listener, or give its h2c front as http://");
    }

    private Socket secure(Socket plain) throws IOException {
        SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket(plain, front.getHostString(), front.getPort(),
                true);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setApplicationProtocols(new String[] {TlsPolicy.H2}); // RFC 9113 §3.2
        parameters.setProtocols(TlsPolicy.PROTOCOLS.toArray(String[]::new));
        parameters.setEndpointIdentificationAlgorithm("HTTPS"); // a context that trusts anything (--insecure) skips it
        socket.setSSLParameters(parameters);
        socket.setSoTimeout((int) timeout.toMillis());
        try {
            socket.startHandshake();
        } catch (IOException e) {
            socket.close();
            if (String.valueOf(e.getMessage()).contains("no_application_protocol")) { // RFC 7301 §3.2: none of ours
                throw notH2("it refused h2 with the alert no_application_protocol");
            }
            throw new IOException("the TLS handshake with " + authority() + " failed: " + e.getMessage(), e);
        }
        String chosen = socket.getApplicationProtocol();
        if (!TlsPolicy.H2.equals(chosen)) {
            socket.close();
            throw notH2("it chose " + (chosen == null || chosen.isEmpty() ? "none" : chosen));
        }
        return socket;
    }

    /** The {@code :authority} a case's request names: the front's own. */
    public String authority() {
        return front.getHostString() + ":" + front.getPort();
    }

    /**
     * Sends {@code request} on stream 1 of a new connection and returns what the front did with it.
     *
     * @throws IOException when the front cannot be reached at all
     */
    public FrontAnswer send(ProxyRequest request) throws IOException {
        return retried(() -> send(request, this::answer, e -> new FrontAnswer(FrontAnswer.Kind.CLOSED, 0, 0, why(e))),
                FrontAnswer::unprocessed, FrontAnswer::retried);
    }

    /**
     * Sends {@code request} as {@link #send} does and returns everything the front sent back on its stream: for the
     * response-side cases, which judge the response the client was handed.
     */
    public Received receive(ProxyRequest request) throws IOException {
        return retried(() -> send(request, peer -> ResponseReader.read(peer, timeout), e -> new Received(List.of(),
                new byte[0], Received.End.CLOSED, 0, why(e), 0, List.of("closed while the request was sent (" + why(e)
                        + ")"))), Received::unprocessed, Received::retried);
    }

    /**
     * How many times a request the front refused unprocessed is sent again, each on a new connection. RFC 9113 §8.7:
     * a stream reset with REFUSED_STREAM "was not processed" and the request "can be safely retried"; haproxy now and
     * then refuses a fresh connection's only stream so. More tries than this and the refusal stands as the answer.
     */
    public static final int DEFAULT_REFUSED_RETRIES = 2;

    /** One try at a request on a new connection (or at a whole end-to-end case, each of its streams new). */
    @FunctionalInterface
    public interface Attempt<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * {@code attempt}'s result, tried again up to {@link #refusedRetries} times while {@code unprocessed} says the
     * front refused it unprocessed; a result after retries says how many ({@code noted}), for the case's evidence.
     */
    public <T, E extends Exception> T retried(Attempt<T, E> attempt, java.util.function.Predicate<T> unprocessed,
            java.util.function.BiFunction<T, Integer, T> noted) throws E {
        T result = attempt.run();
        int retries = 0;
        while (unprocessed.test(result) && retries < refusedRetries) {
            retries++;
            result = attempt.run();
        }
        return retries == 0 ? result : noted.apply(result, retries);
    }

    /** The note a retried result carries: how many times, and why it was safe (RFC 9113 §8.7). */
    public static String retryNote(int retries) {
        return "sent " + (retries + 1) + " times: the front reset it with REFUSED_STREAM " + (retries == 1 ? "once"
                : retries + " times") + " before forwarding anything (RFC 9113 §8.7: not processed, safe to retry)";
    }

    /** How a case reads the front's answer off the connection. */
    @FunctionalInterface
    private interface Reading<T> {
        T read(ScriptedPeer peer) throws IOException;
    }

    private <T> T send(ProxyRequest request, Reading<T> reading, java.util.function.Function<IOException, T> closed)
            throws IOException {
        ScriptedPeer connected = connect();
        try (ScriptedPeer peer = connected) {
            boolean noData = request.data().isEmpty() && request.trailers().isEmpty();
            peer.send(HeadersFrame.of(1, peer.encode(request.fields()), noData, true));
            for (int i = 0; i < request.data().size(); i++) {
                boolean last = i == request.data().size() - 1 && request.trailers().isEmpty();
                peer.send(DataFrame.of(1, request.data().get(i), last));
            }
            if (!request.trailers().isEmpty()) {
                peer.send(HeadersFrame.of(1, peer.encode(request.trailers()), true, true));
            }
            return reading.read(peer);
        } catch (IOException e) {
            // the front may close while the case still writes: that is its answer
            return closed.apply(e);
        }
    }

    private static String why(IOException e) {
        return e.getMessage() == null ? "" : e.getMessage();
    }

    private FrontAnswer answer(ScriptedPeer peer) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() - deadline < 0) {
            Incoming in = peer.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (in == null) {
                break;
            }
            if (in instanceof Incoming.Closed c) {
                return new FrontAnswer(FrontAnswer.Kind.CLOSED, 0, 0, c.how());
            }
            if (!(in instanceof Incoming.FrameIn f)) {
                continue;
            }
            Frame frame = f.frame();
            if (ControlFrames.acknowledge(peer, frame)) {
                continue;
            }
            if (frame instanceof HeadersFrame h && h.streamId() == 1 && f.fields() != null) {
                int status = status(f.fields());
                if (status >= 200 || status == 0) {
                    return FrontAnswer.response(status);
                }
            } else if (frame instanceof RstStreamFrame r && r.streamId() == 1) {
                return new FrontAnswer(FrontAnswer.Kind.RESET, 0, r.errorCode(), "");
            } else if (frame instanceof GoAwayFrame g) {
                return new FrontAnswer(FrontAnswer.Kind.GOAWAY, 0, g.errorCode(),
                        new String(g.debugData(), StandardCharsets.ISO_8859_1));
            }
        }
        return new FrontAnswer(FrontAnswer.Kind.NOTHING, 0, 0, "");
    }

    /** The {@code :status} of a response head, 0 when missing or not a number. */
    static int status(List<HeaderField> fields) {
        for (HeaderField f : fields) {
            if (f.name().equals(":status")) {
                try {
                    return Integer.parseInt(f.value());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }
}
