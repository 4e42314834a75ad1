package io.h2scope.engine.observer;

import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.text.FrameDescriber;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What the first octets a server sends on a connection are, told before any of them is read as a frame: HTTP/2
 * frames, an HTTP/1.x status line, a TLS record, text, or other octets. The one place that tells a port that
 * speaks HTTP/2 from one that answers in something else, so nothing that is not HTTP/2 is misread as a frame
 * header ("<!DO" would be a 0x4f frame of 3,940,676 octets).
 */
public final class FirstOctets {

    /** What the octets are. */
    public enum Kind {
        /**
         * A frame header that can open an HTTP/2 answer: its Length is within 2^14, since no larger frame may be
         * sent before our SETTINGS_MAX_FRAME_SIZE is known (RFC 9113 §4.2). Every other kind starts with a
         * non-zero octet, a Length of at least 2^16.
         */
        FRAMES,
        /** "HTTP/": an HTTP/1.x status line (RFC 9112 §4), whatever version it names ("HTTP/2.0 505" included). */
        HTTP1,
        /** A TLS record header (RFC 8446 §5.1: content type 20 to 24, version 3.x): the port speaks TLS. */
        TLS,
        /** Printable text: an HTML page, a banner. */
        TEXT,
        /** None of these. */
        OTHER
    }

    /** Octets that decide the kind ("HTTP/", a TLS record header); fewer decide only at the end of the input. */
    public static final int DECISIVE = 5;

    private static final byte[] HTTP1 = "HTTP/".getBytes(StandardCharsets.US_ASCII);
    /** A description shows at most this much of a status line or of text. */
    private static final int SHOWN = 60;

    private FirstOctets() {
    }

    /**
     * The kind of {@code octets[0..length)}: at least {@link #DECISIVE} octets, or all there will be (the
     * connection ended after them).
     *
     * @throws IllegalArgumentException for no octets at all
     */
    public static Kind of(byte[] octets, int length) {
        if (length <= 0) {
            throw new IllegalArgumentException("no octets to tell anything from");
        }
        int shown = Math.min(length, DECISIVE);
        if (startsWith(octets, length, HTTP1)) {
            return Kind.HTTP1;
        }
        if (octets[0] == 0 && (length < 3 || ((octets[1] & 0xff) << 8 | octets[2] & 0xff) <= FrameSizes.DEFAULT_MAX_FRAME_SIZE)) {
            return Kind.FRAMES;
        }
        if (length >= 3 && (octets[0] & 0xff) >= 20 && (octets[0] & 0xff) <= 24 && octets[1] == 3 && (octets[2] & 0xff) <= 4) {
            return Kind.TLS;
        }
        for (int i = 0; i < shown; i++) {
            int b = octets[i] & 0xff;
            if (!(b >= 0x20 && b < 0x7f || b == '\r' || b == '\n' || b == '\t')) {
                return Kind.OTHER;
            }
        }
        return Kind.TEXT;
    }

    /**
     * True when the first {@link FrameSizes#HEADER_LENGTH} octets are a SETTINGS frame header that can open a server's
     * answer (RFC 9113 §3.4: "The server connection preface consists of a potentially empty SETTINGS frame"): type
     * SETTINGS, no ACK, stream 0, a Length that is a multiple of 6.
     */
    public static boolean serverPrefaceSettings(byte[] header) {
        int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | header[2] & 0xff;
        int stream = (header[5] & 0x7f) << 24 | (header[6] & 0xff) << 16 | (header[7] & 0xff) << 8 | header[8] & 0xff;
        return header[3] == FrameType.SETTINGS.code() && (header[4] & 1) == 0 && stream == 0 && length % 6 == 0;
    }

    /**
     * The octets in a phrase for a one-line message: {@code an HTTP/1 status line "HTTP/1.0 505 Invalid HTTP version"},
     * {@code a TLS alert record}, {@code text "<!DOCTYPE html>"}, {@code octets "\x01\x02..."}.
     */
    public static String describe(byte[] octets, int length) {
        return switch (of(octets, length)) {
            case FRAMES -> "HTTP/2 frames";
            case HTTP1 -> "an HTTP/1 status line " + firstLine(octets, length);
            case TLS -> "a TLS " + tlsRecordType(octets[0] & 0xff) + " record";
            case TEXT -> "text " + firstLine(octets, length);
            case OTHER -> "octets " + FrameDescriber.printable(Arrays.copyOf(octets, Math.min(length, 16)));
        };
    }

    private static String firstLine(byte[] octets, int length) {
        int end = 0;
        while (end < Math.min(length, SHOWN) && octets[end] != '\r' && octets[end] != '\n') {
            end++;
        }
        return FrameDescriber.printable(Arrays.copyOf(octets, end)) + (end == SHOWN ? "..." : "");
    }

    /** RFC 8446 §5.1 ContentType, RFC 6520 heartbeat. */
    private static String tlsRecordType(int type) {
        return switch (type) {
            case 20 -> "change_cipher_spec";
            case 21 -> "alert";
            case 22 -> "handshake";
            case 23 -> "application_data";
            default -> "heartbeat";
        };
    }

    private static boolean startsWith(byte[] octets, int length, byte[] prefix) {
        if (length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (octets[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
