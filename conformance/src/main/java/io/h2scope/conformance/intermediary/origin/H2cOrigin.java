package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An h2c (prior knowledge) origin, or a TLS h2 one ({@link OriginKind#H2}, ALPN h2), played by a {@link ScriptedPeer} server: it checks nothing, so whatever the
 * intermediary forwards arrives as it was sent, and answers every request that ends with its case's
 * {@link OriginReply} (a small 200 unless the case says otherwise), and a CONNECT as soon as its head is in. A reset of a request it is still reading or
 * answering is recorded on its {@link Arrival}.
 */
final class H2cOrigin extends Origin {

    private static final Duration PATIENCE = Duration.ofMillis(READ_TIMEOUT_MILLIS);

    private final OriginTls tls;

    /** @param tls the TLS of an {@link OriginKind#H2} origin, or null for h2c */
    H2cOrigin(int port, OriginTls tls) throws IOException {
        super(tls == null ? OriginKind.H2C : OriginKind.H2, port);
        this.tls = tls;
    }

    @Override
    public Optional<java.nio.file.Path> caFile() {
        return tls == null ? Optional.empty() : Optional.of(tls.caFile());
    }

    /**
     * Stops listening, then removes the TLS origin's CA: the run is over (and an intermediary h2scope started, which
     * read the CA, is closed before its origin).
     */
    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            if (tls != null) {
                tls.close();
            }
        }
    }

    @Override
    protected void serve(Socket socket, long connection) throws IOException {
        Socket secured = tls == null ? socket : tls.accept(socket);
        ScriptedPeer scripted = legs().origin(secured).patience(PATIENCE); // the cases' origin legs
        scripted.readPreface();
        scripted.send(SettingsFrame.of(List.of()));
        WindowedPeer peer = new WindowedPeer(scripted);
        Map<Integer, Arrival> streams = new HashMap<>();
        int sequence = 0;
        while (true) {
            Incoming in = peer.next(PATIENCE);
            if (in == null || in instanceof Incoming.Closed) {
                streams.values().forEach(a -> a.cancelled("the intermediary closed the connection"));
                return;
            }
            if (!(in instanceof Incoming.FrameIn f)) {
                continue;
            }
            Frame frame = f.frame();
            if (frame instanceof HeadersFrame h && f.fields() != null) {
                Arrival a = streams.get(h.streamId());
                if (a == null) {
                    a = new Arrival(OriginKind.H2C, connection, ++sequence, value(f.fields(), ":method"),
                            value(f.fields(), ":path"), f.fields(), new byte[0], null);
                    streams.put(h.streamId(), a);
                    peer.open(h.streamId());
                    arrivals().add(a);
                    if (!h.endStream() && value(f.fields(), "expect").equalsIgnoreCase("100-continue")) {
                        scripted.headers(h.streamId(), List.of(new HeaderField(":status", "100")), false);
                    }
                } else {
                    a.trailers(f.fields());
                }
                if (h.endStream() || a.method().equals("CONNECT")) {
                    // a CONNECT is answered at once, as a proxy answers once its tunnel is up (RFC 9113 §8.5): an
                    // intermediary that forwards one may keep the stream open for the tunnel's DATA
                    answer(peer, h.streamId(), streams.remove(h.streamId()));
                }
            } else if (frame instanceof DataFrame d) {
                Arrival a = streams.get(d.streamId());
                if (a != null) {
                    a.body(d.data(), 0, d.data().length);
                }
                if (d.endStream() && a != null) {
                    answer(peer, d.streamId(), streams.remove(d.streamId()));
                }
            } else if (frame instanceof RstStreamFrame r && streams.containsKey(r.streamId())) {
                streams.remove(r.streamId()).cancelled(reset(r));
            }
        }
    }

    /** Answers a request that ended: with its case's scripted frames, or its reply (the ordinary 200 by default). */
    private void answer(WindowedPeer peer, int stream, Arrival a) throws IOException {
        a.complete();
        Optional<OriginAnswer> answer = answers().take(a);
        ScriptedPeer scripted = peer.peer();
        if (answer.isPresent() && answer.get() instanceof OriginAnswer.H2 frames) {
            frames.script().play(peer, stream);
            return;
        }
        OriginReply reply = OriginReply.or(answer);
        if (reply.goingAway()) {
            scripted.send(io.h2scope.engine.frame.GoAwayFrame.of(stream, ErrorCode.NO_ERROR));
        }
        for (int status : reply.interim()) {
            scripted.headers(stream, List.of(new HeaderField(":status", Integer.toString(status))), false);
        }
        List<HeaderField> head = new java.util.ArrayList<>();
        head.add(new HeaderField(":status", Integer.toString(reply.status())));
        head.addAll(reply.fields());
        if (reply.declared()) {
            head.add(new HeaderField("content-length", Integer.toString(reply.body().length)));
        }
        boolean complete = reply.ending() == OriginReply.Ending.COMPLETE;
        boolean bodyEnds = complete && reply.trailers().isEmpty();
        byte[] body = reply.body();
        scripted.headers(stream, head, bodyEnds && body.length == 0);
        if (body.length > 0 || !bodyEnds) {
            int at = 0;
            do { // frame by frame, so the case sees how much the intermediary has taken so far
                int to = Math.min(reply.sent(), at + Http1Reply.PIECE);
                Incoming stopped = peer.sendData(stream, body, at, to, bodyEnds && to == reply.sent(), PATIENCE,
                        a::answered);
                if (stopped != null) {
                    a.cancelled(stopped instanceof Incoming.FrameIn f && f.frame() instanceof RstStreamFrame r
                            ? reset(r) : "the intermediary closed the connection");
                    return;
                }
                at = to;
            } while (at < reply.sent());
        }
        if (complete && !reply.trailers().isEmpty()) {
            scripted.headers(stream, reply.trailers(), true);
        } else if (reply.ending() == OriginReply.Ending.HOLD && awaitGivingUp(peer, stream, a)) {
            return;
        } else if (!complete) {
            scripted.send(RstStreamFrame.of(stream, ErrorCode.INTERNAL_ERROR));
        }
    }

    /**
     * Waits for the intermediary to reset {@code stream} or close; whether it did (recorded on {@code a}). What comes
     * for other streams meanwhile is handed back to the serve loop.
     */
    private static boolean awaitGivingUp(WindowedPeer peer, int stream, Arrival a) throws IOException {
        long deadline = System.nanoTime() + OriginReply.HOLD_MILLIS * 1_000_000;
        List<Incoming> others = new java.util.ArrayList<>();
        try {
            while (System.nanoTime() - deadline < 0) {
                Incoming in = peer.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                if (in instanceof Incoming.Closed) {
                    a.cancelled("the intermediary closed the connection");
                    others.add(in);
                    return true;
                }
                if (in instanceof Incoming.FrameIn f && f.frame() instanceof RstStreamFrame r && r.streamId() == stream) {
                    a.cancelled(reset(r));
                    return true;
                }
                if (in != null) {
                    others.add(in);
                }
            }
            return false;
        } finally {
            others.forEach(peer::putBack);
        }
    }

    private static String reset(RstStreamFrame r) {
        return "the intermediary reset the stream (RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + ")";
    }

    /** The first value of {@code name}, or "" when absent (a case may leave out a pseudo-header field). */
    private static String value(List<HeaderField> fields, String name) {
        return fields.stream().filter(x -> x.name().equals(name)).map(HeaderField::value).findFirst().orElse("");
    }
}
