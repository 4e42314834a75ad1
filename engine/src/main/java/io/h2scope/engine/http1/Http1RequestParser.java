package io.h2scope.engine.http1;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Incremental, bounded parser of one HTTP/1.x request head. Feed it bytes as they come (one at a time
 * works); it consumes exactly the head, so what is left in the buffer is body or the next protocol.
 */
public final class Http1RequestParser {

    /** The default bound of a request head (request line and fields): 16 KiB. */
    public static final int DEFAULT_MAX_HEAD_BYTES = 16 * 1024;

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern VERSION = Pattern.compile("HTTP/[0-9]\\.[0-9]");

    private final int maxHeaderBytes;
    private final byte[] head;
    private int length;

    private static final Pattern REQUEST_LINE_START = Pattern.compile("[A-Z]+( [^\\r\\n]*)?");

    /**
     * Whether {@code first} (a stream's first octets) can begin an HTTP/1.x request line: a method in capitals, then a
     * space and more of the line, before any line end. Tells an HTTP/1.1 client from an HTTP/2 one whose octets
     * stopped matching the connection preface (a preface broken after "PRI * HTTP/2.0\r\n" cannot).
     */
    public static boolean mayBeginRequestLine(byte[] first) {
        return REQUEST_LINE_START.matcher(new String(first, StandardCharsets.ISO_8859_1)).matches();
    }

    public Http1RequestParser(int maxHeaderBytes) {
        this.maxHeaderBytes = maxHeaderBytes;
        this.head = new byte[maxHeaderBytes];
    }

    /**
     * Consumes head bytes from {@code input}.
     *
     * @return the request once its head is complete (input then sits just after it), else empty
     * @throws Http1ParseException 431 when the head passes the limit, 400 when it is malformed
     */
    public Optional<Http1Request> feed(ByteBuffer input) {
        while (input.hasRemaining()) {
            if (length == maxHeaderBytes) {
                throw new Http1ParseException(431, "request header section larger than " + maxHeaderBytes + " bytes");
            }
            head[length++] = input.get();
            if (endsHead()) {
                return Optional.of(parse(new String(head, 0, length, StandardCharsets.ISO_8859_1)));
            }
        }
        return Optional.empty();
    }

    /** CRLF CRLF ends the head; a bare LF line end is accepted too (RFC 9112 §2.2 allows it). */
    private boolean endsHead() {
        if (length < 2 || head[length - 1] != '\n') {
            return false;
        }
        if (head[length - 2] == '\n') {
            return length > 2; // not an empty leading line
        }
        return length >= 4 && head[length - 2] == '\r' && head[length - 3] == '\n';
    }

    private static Http1Request parse(String text) {
        String[] lines = text.split("\r?\n");
        String[] requestLine = lines[0].split(" ", -1);
        if (requestLine.length != 3 || requestLine[0].isEmpty() || requestLine[1].isEmpty()) {
            throw new Http1ParseException(400, "malformed request line: " + printable(lines[0]));
        }
        if (!TOKEN.matcher(requestLine[0]).matches()) {
            throw new Http1ParseException(400, "malformed method: " + printable(requestLine[0]));
        }
        if (!VERSION.matcher(requestLine[2]).matches()) {
            throw new Http1ParseException(400, "malformed HTTP version: " + printable(requestLine[2]));
        }
        List<Http1Header> headers = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            if (line.isEmpty()) {
                continue;
            }
            if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                // RFC 9112 §5.2: obs-fold may be rejected with 400
                throw new Http1ParseException(400, "obsolete line folding in header section");
            }
            int colon = line.indexOf(':');
            if (colon <= 0 || !TOKEN.matcher(line.substring(0, colon)).matches()) {
                throw new Http1ParseException(400, "malformed header field: " + printable(line));
            }
            headers.add(new Http1Header(line.substring(0, colon), line.substring(colon + 1).strip()));
        }
        return new Http1Request(requestLine[0], requestLine[1], requestLine[2], headers);
    }

    /** For error messages: at most 80 characters, control bytes escaped. */
    private static String printable(String raw) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < raw.length() && out.length() < 80; i++) {
            char c = raw.charAt(i);
            out.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\x%02x", (int) c));
        }
        return out.toString();
    }
}
