package io.h2scope.engine.transport.http1;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The few complete HTTP/1.1 responses this server ever sends. Each refusal ends with Connection: close. */
public final class Http1Responses {

    static final String HTTP2_ONLY = "This server speaks HTTP/2 only.\n";
    static final String HOW_CLEARTEXT = "Use HTTP/2 with prior knowledge (e.g. curl --http2-prior-knowledge)"
            + " or an HTTP/1.1 request with Upgrade: h2c and HTTP2-Settings (curl --http2).\n";
    static final String HOW_TLS = "Negotiate \"h2\" with TLS ALPN (e.g. curl --http2).\n";

    private Http1Responses() {
    }

    /** The head of {@link #switchingToH2c()} as text, one field a line, for traces. */
    public static final String SWITCHING_TO_H2C_HEAD = "HTTP/1.1 101 Switching Protocols\nConnection: Upgrade\nUpgrade: h2c";

    /** RFC 7540 §3.2: "HTTP/1.1 101 Switching Protocols" with Connection: Upgrade and Upgrade: h2c. */
    public static ByteBuffer switchingToH2c() {
        return ascii(SWITCHING_TO_H2C_HEAD.replace("\n", "\r\n") + "\r\n\r\n");
    }

    public static ByteBuffer continue100() {
        return ascii("HTTP/1.1 100 Continue\r\n\r\n");
    }

    /** A cleartext HTTP/1.1 request without a usable upgrade: 426, offering h2c. */
    public static ByteBuffer upgradeRequired(String detail) {
        // RFC 9110 §15.5.22: a 426 "MUST send an Upgrade header field"; §7.8: with "Upgrade" as a connection option
        return refusal(426, "Upgrade Required", "Upgrade: h2c\r\n", "Upgrade, close",
                HTTP2_ONLY + detail + HOW_CLEARTEXT);
    }

    /** HTTP/1.1 over TLS (ALPN http/1.1, or no ALPN and no preface): 505. */
    public static ByteBuffer versionNotSupported(String detail) {
        return refusal(505, "HTTP Version Not Supported", "", "close", HTTP2_ONLY + detail + HOW_TLS);
    }

    /** A request that cannot be parsed or upgraded: 400, 411, 413, 431. */
    public static ByteBuffer error(int status, String detail) {
        String reason = switch (status) {
            case 400 -> "Bad Request";
            case 411 -> "Length Required";
            case 413 -> "Content Too Large";
            case 431 -> "Request Header Fields Too Large";
            case 505 -> "HTTP Version Not Supported";
            default -> "Error";
        };
        return refusal(status, reason, "", "close", HTTP2_ONLY + detail + "\n");
    }

    private static ByteBuffer refusal(int status, String reason, String extraHeaders, String connection,
                                      String body) {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " " + reason + "\r\n"
                + extraHeaders
                + "Connection: " + connection + "\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: " + content.length + "\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer response = ByteBuffer.allocate(headBytes.length + content.length);
        return response.put(headBytes).put(content).flip();
    }

    private static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }
}
