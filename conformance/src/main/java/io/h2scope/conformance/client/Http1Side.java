package io.h2scope.conformance.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.net.ssl.SSLException;

/**
 * The scripted server's HTTP/1.1 part, on a connection that did not (or not yet) become HTTP/2: the answers to an
 * Upgrade request and the ordinary response, and reading what the client sends instead of (or as) its preface.
 */
public final class Http1Side {

    /** The fields of a 101 that accepts an h2c Upgrade (RFC 7540 §3.2). */
    public static final String H2C_SWITCH = "Connection: Upgrade\r\nUpgrade: h2c\r\n";

    /** How often a read looks whether the client has finished, while nothing arrives. */
    private static final int LOOK_MILLIS = 50;

    private Http1Side() {
    }

    /** A 101 Switching Protocols head with {@code fieldLines} (each ending in CRLF; "" for none). */
    public static String switchingProtocols(String fieldLines) {
        return "HTTP/1.1 101 Switching Protocols\r\n" + fieldLines + "\r\n";
    }

    /** An ordinary 200 with {@link ServerPart#BODY}; {@code close}: it ends the connection (Connection: close). */
    public static String ordinaryResponse(boolean close) {
        return "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: " + ServerPart.BODY.length + "\r\n"
                + (close ? "connection: close\r\n" : "") + "\r\n" + new String(ServerPart.BODY, StandardCharsets.US_ASCII);
    }

    /** Writes {@code text} (ISO-8859-1); a client already gone is not an error here: what it did is judged. */
    public static void write(OutputStream out, String text) {
        try {
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        } catch (IOException e) {
            // the client may have gone
        }
    }

    /**
     * Up to {@code n} octets the client sends on {@code socket}: fewer when it closes, when it has finished (one more
     * look after), or at the case's timeout.
     */
    public static byte[] clientOctets(ClientStage stage, Socket socket, int n) throws IOException {
        int before = socket.getSoTimeout();
        socket.setSoTimeout(LOOK_MILLIS);
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[n];
            int got = 0;
            long deadline = System.nanoTime() + stage.timeout().toNanos();
            boolean finished = false;
            while (got < n && System.nanoTime() - deadline < 0) {
                try {
                    int r = in.read(buffer, got, n - got);
                    if (r < 0) {
                        break;
                    }
                    got += r;
                } catch (SocketTimeoutException e) {
                    if (finished) {
                        break; // one more look after the client ended found nothing
                    }
                    finished = stage.clientFinished();
                } catch (SSLException | java.net.SocketException e) {
                    break; // a reset or a TLS end: what came is what it sent
                }
            }
            return Arrays.copyOf(buffer, got);
        } finally {
            if (!socket.isClosed()) {
                socket.setSoTimeout(before);
            }
        }
    }

    /** What the client sent, in a line: the printable ASCII of it, other octets as dots. */
    public static String printable(byte[] octets) {
        return new String(octets, StandardCharsets.ISO_8859_1).replaceAll("[^\\x20-\\x7e]", ".");
    }
}
