package io.h2scope.engine.core;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.error.H2Errors;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The server's first bytes must be its SETTINGS frame (RFC 9113 §3.4). When they are an HTTP/1.x status line instead
 * (a server that does not speak HTTP/2 on this port, answering our preface as a bad request), the error says so and
 * quotes the line, rather than reading "HTTP" as the length of a frame far too large.
 */
final class ServerPrefaceCheck {

    private static final byte[] HTTP1 = "HTTP/1.".getBytes(StandardCharsets.US_ASCII);

    private ServerPrefaceCheck() {
    }

    /** Throws a connection error PROTOCOL_ERROR when {@code first} (the server's first bytes) starts an HTTP/1.x response. */
    static void check(ByteBuffer first) {
        if (first.remaining() < HTTP1.length) {
            return;
        }
        for (int i = 0; i < HTTP1.length; i++) {
            if (first.get(first.position() + i) != HTTP1[i]) {
                return;
            }
        }
        byte[] head = new byte[Math.min(first.remaining(), 80)];
        first.duplicate().get(head);
        String line = new String(head, StandardCharsets.ISO_8859_1).split("\r?\n", 2)[0];
        // RFC9113 §3.4: "The server connection preface consists of a potentially empty SETTINGS frame"
        throw H2Errors.connection(StartRule.FIRST_FRAME_NOT_SETTINGS, "the server answered with HTTP/1.x (\""
                + PrefaceCheck.printable(line) + "\") where its SETTINGS frame belongs: it does not speak HTTP/2 on"
                + " this port (prior knowledge needs a server that does; try TLS with ALPN or an h2c upgrade)");
    }
}
