package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.GoAwayFrame;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;

/**
 * Connections that start a handshake and never finish it (slowloris before the protocol is known): a
 * partial client preface, and on a TLS port a partial ClientHello. A server that sets a limit closes them;
 * the case waits at most {@link #BOUND}, so any server can be judged in bounded time.
 */
final class SlowHandshake {

    /** How long a half-done handshake may hold a connection before the case calls it unbounded. */
    static final Duration BOUND = Duration.ofSeconds(12);
    static final String EXPECTED = "the connection closed (a GOAWAY first is fine) within " + BOUND.toSeconds() + " s";
    /** A TLS record header (handshake, TLS 1.0 record version, 512 octets) and the start of a ClientHello. */
    private static final byte[] PARTIAL_CLIENT_HELLO = {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03};

    private SlowHandshake() {
    }

    /** Half of the client preface (over TLS after the TLS handshake), then silence. */
    static Verdict partialPreface(Peer p) {
        byte[] half = Arrays.copyOf(Peer.PREFACE, Peer.PREFACE.length / 2);
        p.sendRaw(half);
        p.note("sent " + half.length + " of the " + Peer.PREFACE.length + " octets of the client preface, then nothing");
        long start = System.nanoTime();
        long deadline = start + BOUND.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Verdict.fail(EXPECTED, "still open after " + BOUND.toSeconds() + " s with half a preface");
            }
            PeerEvent event = p.nextEvent(Duration.ofNanos(left));
            if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(EXPECTED, "closed (" + c.how() + ") after " + millisSince(start) + " ms");
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                p.note("GOAWAY " + g.errorName() + " after " + millisSince(start) + " ms");
            }
        }
    }

    /** On a TLS target: a TCP connection of its own that sends the start of a ClientHello, then nothing. */
    static Verdict partialClientHello(Peer p) throws IOException {
        if (!p.target().tls()) {
            return Verdict.skip("a TLS handshake needs a TLS target (this one is h2c)");
        }
        try (Socket raw = new Socket()) {
            raw.connect(new InetSocketAddress(p.target().host(), p.target().port()), (int) p.timeout().multipliedBy(2).toMillis());
            raw.getOutputStream().write(PARTIAL_CLIENT_HELLO);
            raw.getOutputStream().flush();
            p.note("on a second TCP connection: sent " + PARTIAL_CLIENT_HELLO.length
                    + " octets of a 512-octet ClientHello record, then nothing");
            long start = System.nanoTime();
            long deadline = start + BOUND.toNanos();
            InputStream in = raw.getInputStream();
            byte[] buffer = new byte[512];
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return Verdict.fail(EXPECTED, "still open after " + BOUND.toSeconds() + " s with half a ClientHello");
                }
                raw.setSoTimeout((int) Math.max(1, left / 1_000_000));
                try {
                    if (in.read(buffer) < 0) {
                        return Verdict.pass(EXPECTED, "closed after " + millisSince(start) + " ms");
                    }
                    // a TLS alert (or anything) before the close: keep reading for the close
                } catch (SocketTimeoutException e) {
                    // the loop checks the deadline
                } catch (IOException e) {
                    return Verdict.pass(EXPECTED, "reset (" + e.getMessage() + ") after " + millisSince(start) + " ms");
                }
            }
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
