package io.h2scope.conformance.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The HTTP/1.1 request a client opens an h2c Upgrade with (RFC 7540 §3.2): its request line and header fields, read
 * octet by octet so that nothing after the head (the client's preface, once upgraded) is consumed.
 *
 * @param requestLine e.g. {@code GET /case HTTP/1.1}
 * @param fields      the header fields in order, each {@code name: value} with the name in lower case
 */
public record UpgradeRequestHead(String requestLine, List<String[]> fields) {

    /** A head longer than this is not a request the stage answers. */
    static final int MAX_HEAD = 64 * 1024;

    /** Reads the head; the socket's read timeout bounds the wait. */
    static UpgradeRequestHead read(Socket socket) throws IOException {
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
        List<String[]> fields = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                fields.add(new String[] {lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim()});
            }
        }
        return new UpgradeRequestHead(lines[0], fields);
    }

    /** The values of the fields called {@code name} (lower case), in order. */
    public List<String> values(String name) {
        return fields.stream().filter(f -> f[0].equals(name)).map(f -> f[1]).toList();
    }

    /** The comma-separated tokens of every field called {@code name}, in lower case. */
    public List<String> tokens(String name) {
        return values(name).stream().flatMap(v -> Arrays.stream(v.split(","))).map(t -> t.trim().toLowerCase(Locale.ROOT))
                .filter(t -> !t.isEmpty()).toList();
    }

    /** Whether its Upgrade field offers h2c: the least a request must do to be upgraded here. */
    public boolean upgradesToH2c() {
        return tokens("upgrade").contains("h2c");
    }

    /** The SETTINGS payload its single HTTP2-Settings field carries (base64url), or empty when it cannot be read. */
    public Optional<byte[]> settingsPayload() {
        List<String> values = values("http2-settings");
        if (values.size() != 1) {
            return Optional.empty();
        }
        try {
            byte[] payload = Base64.getUrlDecoder().decode(values.get(0));
            return payload.length % 6 == 0 ? Optional.of(payload) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(requestLine);
        fields.forEach(f -> text.append(" | ").append(f[0]).append(": ").append(f[1]));
        return text.toString();
    }
}
