package io.h2scope.conformance.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The HTTP/1.1 request a client opens an h2c Upgrade with (RFC 7540 §3.2): its request line and header fields, read
 * octet by octet so that nothing after the head (the client's preface, once upgraded) is consumed.
 *
 * @param requestLine e.g. {@code GET /case HTTP/1.1}
 * @param fields      lower-case field name to value (the last one of a name)
 */
public record H2cUpgradeRequest(String requestLine, Map<String, String> fields) {

    /** A head longer than this is not a request the stage answers. */
    static final int MAX_HEAD = 64 * 1024;

    /** Reads the head; the socket's read timeout bounds the wait. */
    static H2cUpgradeRequest read(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the client closed the connection inside its HTTP/1.1 request head");
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            if (head.size() > MAX_HEAD) {
                throw new IOException("the client's HTTP/1.1 request head passed " + MAX_HEAD + " octets");
            }
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                fields.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        return new H2cUpgradeRequest(lines[0], fields);
    }

    /** Whether it asks for h2c: {@code Upgrade: h2c}, an {@code HTTP2-Settings} field and both named in {@code Connection}. */
    public boolean asksForH2c() {
        String upgrade = fields.getOrDefault("upgrade", "");
        String connection = fields.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
        return upgrade.toLowerCase(Locale.ROOT).matches("(.*,\\s*)?h2c(\\s*,.*)?") && fields.containsKey("http2-settings")
                && connection.contains("upgrade") && connection.contains("http2-settings");
    }

    /** The 101 that accepts it; the server's connection preface follows. */
    static void switchProtocols(Socket socket) throws IOException {
        socket.getOutputStream().write("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }
}
