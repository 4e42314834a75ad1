package io.h2scope.engine.transport.tls;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLException;

/**
 * The peer's first bytes must open a TLS record of the right type (RFC 8446 §5.1): a handshake record from a client
 * (its ClientHello), a handshake or an alert record from a server. Anything else is not TLS at all (a plain HTTP
 * request on the TLS port, say): the JDK's engine would answer it with internal_error (80), which blames us. A
 * server answers it with unexpected_message (10), the alert §5.1 names for it; a client just closes.
 */
final class FirstRecordCheck {

    private static final byte ALERT = 21;
    private static final byte HANDSHAKE = 22;
    /** A fatal unexpected_message alert in a TLS 1.2 record (the legacy version every TLS 1.3 record carries too). */
    private static final byte[] UNEXPECTED_MESSAGE = {ALERT, 3, 3, 0, 2, 2, 10};
    private static final int QUOTED_BYTES = 24;

    private FirstRecordCheck() {
    }

    /** Null when {@code first} (at least one byte) may open the peer's side of TLS, else why it may not. */
    static SSLException check(ByteBuffer first, boolean peerIsClient) {
        byte type = first.get(first.position());
        if (type == HANDSHAKE || !peerIsClient && type == ALERT) {
            return null;
        }
        return new SSLException("not TLS: the " + (peerIsClient ? "client" : "server") + " sent " + quote(first)
                + " where a TLS " + (peerIsClient ? "ClientHello" : "handshake record") + " belongs (RFC 8446 §5.1)"
                + (peerIsClient ? "; answered with the alert unexpected_message" : ""));
    }

    /** The record a server sends to a peer that does not speak TLS. */
    static ByteBuffer unexpectedMessageAlert() {
        return ByteBuffer.wrap(UNEXPECTED_MESSAGE.clone());
    }

    /** The first bytes as text when printable ("GET / HTTP/1.1"), else in hex. */
    private static String quote(ByteBuffer bytes) {
        int n = Math.min(QUOTED_BYTES, bytes.remaining());
        byte[] head = new byte[n];
        bytes.duplicate().get(head);
        boolean printable = true;
        for (byte b : head) {
            printable &= b >= 0x20 && b < 0x7f || b == '\r' || b == '\n';
        }
        if (printable) {
            String text = new String(head, StandardCharsets.US_ASCII).replace("\r", "\\r").replace("\n", "\\n");
            return "\"" + text + (bytes.remaining() > n ? "..." : "") + "\"";
        }
        StringBuilder hex = new StringBuilder("0x");
        for (byte b : head) {
            hex.append(String.format("%02x", b & 0xff));
        }
        return hex + (bytes.remaining() > n ? "..." : "");
    }
}
