package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.Preface;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;

/**
 * Connections that start a handshake and never finish it (slowloris before the protocol is known): a
 * partial client preface, and on a TLS port a partial ClientHello. A server that sets a limit closes them;
 * the case waits at most its budget, so any server can be judged in bounded time. Still open then is
 * INCONCLUSIVE: the RFC sets no deadline, and the server's may be longer than the budget.
 */
final class SlowHandshake {

    /** The cases' budget: a 10 s handshake timeout (h2o's, the engine's) with room on a loaded machine. */
    static final Duration BUDGET = Duration.ofSeconds(12);
    static final String EXPECTED = "the connection closed (a GOAWAY first is fine) within the budget";
    /** A TLS record header (handshake, TLS 1.0 record version, 512 octets) and the start of a ClientHello. */
    private static final byte[] PARTIAL_CLIENT_HELLO = {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03};

    private SlowHandshake() {
    }

    /**
     * Half of the client preface (over TLS after the TLS handshake), then silence, on a connection of its own:
     * the case's peer would answer the target's SETTINGS with an ACK in the middle of the preface.
     */
    static Verdict partialPreface(Peer p) throws IOException {
        byte[] half = Arrays.copyOf(Preface.bytes(), Preface.LENGTH / 2);
        try (Socket raw = Peer.openSocket(p.target(), p.options())) {
            raw.getOutputStream().write(half);
            raw.getOutputStream().flush();
            p.note("on a connection of its own" + (p.target().tls() ? " (TLS handshake done)" : "") + ": sent "
                    + half.length + " of the " + Preface.LENGTH + " octets of the client preface, then nothing");
            return awaitClose(raw, "half a preface", p.budget());
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
            p.note("on a TCP connection of its own: sent " + PARTIAL_CLIENT_HELLO.length
                    + " octets of a 512-octet ClientHello record, then nothing");
            return awaitClose(raw, "half a ClientHello", p.budget());
        }
    }

    /** Reads (and drops) what the target sends until it closes, at most {@code budget}. */
    private static Verdict awaitClose(Socket raw, String sent, Duration budget) {
        long start = System.nanoTime();
        long deadline = start + budget.toNanos();
        byte[] buffer = new byte[4096];
        long received = 0;
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Verdict.inconclusive(EXPECTED, "still open after the " + budget.toSeconds() + " s budget with " + sent
                        + " (it sent " + received + " octets meanwhile): the RFC sets no deadline, so the server's handshake"
                        + " limit is longer than the budget (nginx's client_header_timeout is 60 s) or it has none;"
                        + " --budget-scale 6 waits " + budget.multipliedBy(6).toSeconds() + " s");
            }
            try {
                raw.setSoTimeout((int) Math.max(1, left / 1_000_000));
                int n = raw.getInputStream().read(buffer);
                if (n < 0) {
                    return Verdict.pass(EXPECTED, "closed after " + millisSince(start) + " ms (it sent " + received
                            + " octets first)");
                }
                received += n; // its SETTINGS, a GOAWAY or a TLS alert before the close
            } catch (SocketTimeoutException e) {
                // the loop checks the deadline
            } catch (IOException e) {
                return Verdict.pass(EXPECTED, "reset (" + e.getMessage() + ") after " + millisSince(start) + " ms");
            }
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
