package io.h2scope.engine.proxy;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The only bytes the proxy writes of its own, and only when there is nothing to relay: the upstream could not be
 * reached or does not speak HTTP/2, or the client did not send what the proxy can relay.
 */
final class Refusals {

    private Refusals() {
    }

    /**
     * Toward an HTTP/2 client: an empty SETTINGS (the server preface a GOAWAY must follow, RFC 9113 §3.4) then
     * GOAWAY INTERNAL_ERROR with last stream 0 (nothing was processed, so the client may retry) and the cause as
     * debug data.
     */
    static ByteBuffer goAway(String cause) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(FrameWriter.encode(SettingsFrame.of()));
        out.writeBytes(FrameWriter.encode(GoAwayFrame.of(0, ErrorCode.INTERNAL_ERROR,
                cause.getBytes(StandardCharsets.UTF_8))));
        return ByteBuffer.wrap(out.toByteArray());
    }

    /** Toward an HTTP/1.1 client: {@code status} with the cause as a one-line text body, and the close. */
    static ByteBuffer http1(int status, String reason, String cause) {
        byte[] body = (cause + "\n").getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " " + reason + "\r\ncontent-type: text/plain; charset=utf-8\r\n"
                + "content-length: " + body.length + "\r\nconnection: close\r\n\r\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(body);
        return ByteBuffer.wrap(out.toByteArray());
    }

    /** The first bytes of {@code bytes} as printable text, for a message that shows what a peer sent. */
    static String printable(byte[] bytes, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(length, 32); i++) {
            int b = bytes[i] & 0xff;
            if (b == '\r') {
                text.append("\\r");
            } else if (b == '\n') {
                text.append("\\n");
            } else if (b >= 0x20 && b < 0x7f) {
                text.append((char) b);
            } else {
                text.append(String.format("\\x%02x", b));
            }
        }
        return text.toString();
    }
}
