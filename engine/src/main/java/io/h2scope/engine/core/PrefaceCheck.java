package io.h2scope.engine.core;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.frame.Preface;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Matches the 24-octet client connection preface (RFC 9113 §3.4) in any split of input. A
 * mismatch is a connection error PROTOCOL_ERROR; when the bytes look like an HTTP/1.x request
 * line, the detail says so, since that is by far the most common cause (an HTTP/1.1 client
 * talking to an h2c or prior-knowledge port).
 */
final class PrefaceCheck {

    static final byte[] CLIENT_PREFACE = Preface.bytes();

    private final byte[] seen = new byte[CLIENT_PREFACE.length];
    private int matched;

    boolean done() {
        return matched == CLIENT_PREFACE.length;
    }

    /**
     * Consumes preface bytes from {@code in} (and no more).
     *
     * @return true once the whole preface has been seen
     * @throws io.h2scope.engine.error.ConnectionError PROTOCOL_ERROR on the first wrong octet
     */
    boolean consume(ByteBuffer in) {
        while (!done() && in.hasRemaining()) {
            byte b = in.get();
            seen[matched] = b;
            if (b != CLIENT_PREFACE[matched]) {
                // RFC9113 §3.4: "Clients and servers MUST treat an invalid connection preface as a connection error ... PROTOCOL_ERROR"
                throw H2Errors.connection(StartRule.CLIENT_PREFACE_INVALID, describe(matched + 1, in));
            }
            matched++;
        }
        return done();
    }

    private String describe(int length, ByteBuffer rest) {
        String start = new String(seen, 0, length, StandardCharsets.ISO_8859_1)
                + peekLine(rest);
        String line = start.split("\r?\n", 2)[0];
        if (line.matches("[A-Z]+ \\S+ HTTP/1\\.[01].*") || line.matches("[A-Z]{3,7} \\S*")) {
            return "invalid connection preface: this looks like an HTTP/1.1 request (\"" + printable(line)
                    + "\"); the client must speak HTTP/2 (prior knowledge, an h2c upgrade or TLS with ALPN h2)";
        }
        return "invalid connection preface: expected \"" + printable(Preface.TEXT) + "\", got \""
                + printable(start) + "\"";
    }

    private static String peekLine(ByteBuffer rest) {
        int n = Math.min(rest.remaining(), 64);
        byte[] more = new byte[n];
        rest.duplicate().get(more);
        return new String(more, StandardCharsets.ISO_8859_1);
    }

    static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '\r') {
                b.append("\\r");
            } else if (c == '\n') {
                b.append("\\n");
            } else if (c < 0x20 || c > 0x7e) {
                b.append(String.format("\\x%02x", (int) c));
            } else {
                b.append(c);
            }
            if (b.length() > 80) {
                break;
            }
        }
        return b.toString();
    }
}
