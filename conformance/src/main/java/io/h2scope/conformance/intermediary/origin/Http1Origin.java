package io.h2scope.conformance.intermediary.origin;

import io.h2scope.conformance.intermediary.legs.Http1Leg;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http1.Http1Header;
import io.h2scope.engine.http1.Http1ParseException;
import io.h2scope.engine.http1.Http1Request;
import io.h2scope.engine.http1.Http1RequestParser;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An HTTP/1.1 origin that frames requests as a strict, ordinary parser does (RFC 9112 §6.3: chunked when
 * Transfer-Encoding is present, else Content-Length, else no body) and keeps every octet, so that when the
 * intermediary's bytes hold a request boundary other than the client's, the second request shows up as its own
 * {@link Arrival}, its raw octets the evidence. Answers each request with its case's {@link OriginReply} (a small
 * 200 unless the case says otherwise), first a 100 (Continue) when the request expects one.
 */
final class Http1Origin extends Origin {

    private static final String CLOSED_IN_BODY = "the intermediary closed the connection before the body's end";

    Http1Origin(int port) throws IOException {
        super(OriginKind.H1, port);
    }

    @Override
    protected void serve(Socket socket, long connection) throws IOException {
        Http1Leg leg = legs().http1Origin(socket); // the cases' origin legs: the octets both ways
        try {
            serve(socket, connection, leg);
        } finally {
            leg.sent(); // an answer cut short by the intermediary still shows what went
        }
    }

    private void serve(Socket socket, long connection, Http1Leg leg) throws IOException {
        InputStream in = new BufferedInputStream(socket.getInputStream());
        OutputStream out = leg.tap(socket.getOutputStream());
        for (int sequence = 1; ; sequence++) {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            Http1RequestParser parser = new Http1RequestParser(Http1RequestParser.DEFAULT_MAX_HEAD_BYTES);
            Optional<Http1Request> request = Optional.empty();
            try {
                while (request.isEmpty()) {
                    int b = in.read();
                    if (b < 0) {
                        if (head.size() > 0) {
                            refuse(connection, sequence, head, "the connection ended inside a request head", out, leg);
                        }
                        return;
                    }
                    head.write(b);
                    request = parser.feed(ByteBuffer.wrap(new byte[] {(byte) b}));
                }
            } catch (Http1ParseException e) {
                refuse(connection, sequence, head, e.getMessage(), out, leg);
                return;
            }
            Http1Request r = request.get();
            List<HeaderField> fields = r.headers().stream().map(Http1Origin::field).toList();
            Arrival arrival = new Arrival(OriginKind.H1, connection, sequence, r.method(), r.target(), fields,
                    head.toByteArray(), null);
            arrivals().add(arrival);
            leg.received(head.toByteArray());
            if (r.values("expect").stream().anyMatch(v -> v.strip().equalsIgnoreCase("100-continue"))) {
                out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
            boolean framed = readBody(r, in, arrival);
            byte[] raw = arrival.raw();
            leg.received(java.util.Arrays.copyOfRange(raw, Math.min(head.size(), raw.length), raw.length));
            if (!framed) {
                return;
            }
            arrival.complete();
            Optional<OriginAnswer> scripted = answers().take(arrival);
            if (scripted.isPresent() && scripted.get() instanceof OriginAnswer.Http1 answer) {
                out.write(answer.octets());
                out.flush();
                leg.sent();
                if (answer.close()) {
                    return;
                }
                continue;
            }
            boolean open = new Http1Reply(OriginReply.or(scripted), socket, out, arrival).write();
            leg.sent();
            if (!open) {
                return;
            }
        }
    }

    private static HeaderField field(Http1Header h) {
        return new HeaderField(h.name(), h.value());
    }

    /** Records a request the parser refused, answers 400 and ends the connection, as a strict origin does. */
    private void refuse(long connection, int sequence, ByteArrayOutputStream head, String why, OutputStream out,
            Http1Leg leg) throws IOException {
        leg.received(head.toByteArray());
        String text = new String(head.toByteArray(), StandardCharsets.ISO_8859_1);
        int sp = text.indexOf(' ');
        int sp2 = sp < 0 ? -1 : text.indexOf(' ', sp + 1);
        String method = sp < 0 ? "" : text.substring(0, sp);
        String target = sp2 < 0 ? "" : text.substring(sp + 1, sp2);
        arrivals().add(new Arrival(OriginKind.H1, connection, sequence, method, target, List.of(), head.toByteArray(),
                why));
        out.write("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Reads the body as RFC 9112 §6.3 frames it; false when the connection ended or the framing is broken. */
    private static boolean readBody(Http1Request r, InputStream in, Arrival arrival) throws IOException {
        List<String> te = r.values("transfer-encoding");
        if (!te.isEmpty()) {
            if (!String.join(",", te).toLowerCase(Locale.ROOT).strip().endsWith("chunked")) {
                return false; // RFC 9112 §6.3: a request without chunked last cannot be framed: the origin closes
            }
            return readChunked(in, arrival);
        }
        List<String> cl = r.values("content-length");
        if (cl.isEmpty()) {
            return true;
        }
        long length;
        try {
            length = Long.parseLong(cl.get(0).strip());
        } catch (NumberFormatException e) {
            return false;
        }
        return copy(in, arrival, length);
    }

    private static boolean copy(InputStream in, Arrival arrival, long length) throws IOException {
        byte[] buffer = new byte[8192];
        while (length > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, length));
            if (n < 0) {
                arrival.cancelled(CLOSED_IN_BODY);
                return false;
            }
            arrival.body(buffer, 0, n);
            arrival.raw(buffer, 0, n);
            length -= n;
        }
        return true;
    }

    private static boolean readChunked(InputStream in, Arrival arrival) throws IOException {
        while (true) {
            String sizeLine = line(in, arrival);
            if (sizeLine == null) {
                return false;
            }
            int semi = sizeLine.indexOf(';');
            long size;
            try {
                size = Long.parseLong((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).strip(), 16);
            } catch (NumberFormatException e) {
                return false;
            }
            if (size == 0) {
                while (true) { // trailer section, up to the empty line
                    String t = line(in, arrival);
                    if (t == null) {
                        return false;
                    }
                    if (t.isEmpty()) {
                        return true;
                    }
                    int colon = t.indexOf(':');
                    if (colon > 0) {
                        arrival.trailers(List.of(new HeaderField(t.substring(0, colon), t.substring(colon + 1).strip())));
                    }
                }
            }
            if (!copy(in, arrival, size) || line(in, arrival) == null) {
                return false;
            }
        }
    }

    /** One line up to LF (CR dropped), its octets kept as raw evidence; null at the end of the connection. */
    private static String line(InputStream in, Arrival arrival) throws IOException {
        StringBuilder out = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) {
                arrival.cancelled(CLOSED_IN_BODY);
                return null;
            }
            arrival.raw(new byte[] {(byte) b}, 0, 1);
            if (b == '\n') {
                int end = out.length();
                return end > 0 && out.charAt(end - 1) == '\r' ? out.substring(0, end - 1) : out.toString();
            }
            if (out.length() > 8192) {
                return null;
            }
            out.append((char) b);
        }
    }
}
