package io.h2scope.engine.http1;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Incremental, bounded parser of one HTTP/1.x response head (status line and fields). It consumes
 * exactly the head, so what is left in the buffer after a 101 is the next protocol's first bytes.
 */
public final class Http1ResponseParser {

    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/[0-9]\\.[0-9] ([0-9]{3})(?: .*)?");

    /** "HTTP/": the bytes that tell an HTTP/1.x response from anything else. */
    public static final int PREFIX_LENGTH = 5;

    /** The default bound of a response head (status line and fields): 16 KiB. */
    public static final int DEFAULT_MAX_HEAD_BYTES = 16 * 1024;

    private final int maxHeadBytes;
    private final byte[] head;
    private int length;

    public Http1ResponseParser(int maxHeadBytes) {
        if (maxHeadBytes < 16) {
            throw new IllegalArgumentException("maxHeadBytes must be at least 16, was " + maxHeadBytes);
        }
        this.maxHeadBytes = maxHeadBytes;
        this.head = new byte[maxHeadBytes];
    }

    /**
     * Consumes head bytes from {@code input}; after a complete head the parser is ready for the next one
     * (a 1xx interim response is followed by another head).
     *
     * @return the head once complete (input then sits just after it), else empty
     * @throws Http1ParseException when the head passes {@code maxHeadBytes} or is not an HTTP/1.x response
     */
    public Optional<Http1ResponseHead> feed(ByteBuffer input) {
        while (input.hasRemaining()) {
            if (length == maxHeadBytes) {
                throw new Http1ParseException(431, "response head larger than " + maxHeadBytes + " bytes, begins: "
                        + printable(new String(head, 0, Math.min(length, 80), StandardCharsets.ISO_8859_1)));
            }
            head[length++] = input.get();
            if (length == PREFIX_LENGTH && !new String(head, 0, PREFIX_LENGTH, StandardCharsets.ISO_8859_1).equals("HTTP/")) {
                throw new Http1ParseException(502, "not an HTTP/1.x response, begins: "
                        + printable(new String(head, 0, length, StandardCharsets.ISO_8859_1)));
            }
            if (length >= 4 && head[length - 4] == '\r' && head[length - 3] == '\n' && head[length - 2] == '\r'
                    && head[length - 1] == '\n') {
                String text = new String(head, 0, length - 4, StandardCharsets.ISO_8859_1);
                length = 0;
                return Optional.of(parse(text));
            }
        }
        return Optional.empty();
    }

    /** The first bytes received, up to {@link #PREFIX_LENGTH}, after a failure: to say what the server sent instead. */
    public byte[] prefix() {
        return java.util.Arrays.copyOf(head, Math.min(length, PREFIX_LENGTH));
    }

    private static Http1ResponseHead parse(String text) {
        String[] lines = text.split("\r\n", -1);
        Matcher m = STATUS_LINE.matcher(lines[0]);
        if (!m.matches()) {
            throw new Http1ParseException(502, "malformed status line: " + printable(lines[0]));
        }
        List<Http1Header> headers = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                throw new Http1ParseException(502, "malformed response header line: " + printable(lines[i]));
            }
            headers.add(new Http1Header(lines[i].substring(0, colon).trim(), lines[i].substring(colon + 1).trim()));
        }
        return new Http1ResponseHead(lines[0], Integer.parseInt(m.group(1)), headers);
    }

    private static String printable(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
