package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.hpack.HeaderField;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** Writes an {@link OriginReply} in HTTP/1.1 framing on the origin's connection (RFC 9112). */
final class Http1Reply {

    /** How much of a body goes per write (HTTP/1.1) or per call for DATA (h2) before the origin counts it taken. */
    static final int PIECE = 64 * 1024;

    private final OriginReply reply;
    private final Socket socket;
    private final OutputStream out;
    private final Arrival arrival;

    /** @param out where the answer goes: {@code socket}'s output, as the origin's leg records it */
    Http1Reply(OriginReply reply, Socket socket, OutputStream out, Arrival arrival) {
        this.reply = reply;
        this.socket = socket;
        this.out = out;
        this.arrival = arrival;
    }

    /**
     * Writes it in one go (an intermediary that has hung up already makes only a second write fail, so the request
     * it sent next is still read); whether the connection stays open for the next request.
     */
    boolean write() throws IOException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        StringBuilder head = new StringBuilder();
        for (int status : reply.interim()) {
            head.append("HTTP/1.1 ").append(status).append(" Informational\r\n\r\n");
        }
        head.append("HTTP/1.1 ").append(reply.status()).append(" OK\r\ncontent-type: text/plain\r\n");
        for (HeaderField f : reply.fields()) {
            head.append(f.name()).append(": ").append(f.value()).append("\r\n");
        }
        head.append(reply.declared() ? "content-length: " + reply.body().length : "transfer-encoding: chunked")
                .append("\r\n");
        if (reply.goingAway()) {
            head.append("connection: close\r\n");
        }
        answer.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        byte[] body = reply.body();
        int sent = reply.sent();
        if (reply.declared()) {
            answer.write(body, 0, sent);
        } else if (sent > 0) {
            answer.writeBytes((Integer.toHexString(sent) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            answer.write(body, 0, sent);
            answer.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        boolean complete = reply.ending() == OriginReply.Ending.COMPLETE;
        if (complete && !reply.declared()) {
            StringBuilder end = new StringBuilder("0\r\n");
            reply.trailers().forEach(t -> end.append(t.name()).append(": ").append(t.value()).append("\r\n"));
            answer.writeBytes(end.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        }
        byte[] octets = answer.toByteArray();
        // piece by piece (a small answer in one write), so the case sees how much the intermediary has taken so far:
        // one that stops reading behind a slow client makes a write block
        for (int at = 0, n; at < octets.length; at += n) {
            n = Math.min(PIECE, octets.length - at);
            out.write(octets, at, n);
            arrival.answered(n);
        }
        out.flush();
        if (complete) {
            return !reply.goingAway();
        }
        if (reply.ending() == OriginReply.Ending.HOLD) {
            awaitGivingUp();
        }
        return false; // ABORT, or HOLD over: the connection closes with the body short
    }

    /** Waits for the intermediary to close (or reset) the connection, recording it; at most the hold time. */
    private void awaitGivingUp() throws IOException {
        socket.setSoTimeout((int) OriginReply.HOLD_MILLIS);
        InputStream in = socket.getInputStream();
        try {
            while (in.read() >= 0) {
                // a next request on this connection would wait for ours: nothing comes but the end
            }
            arrival.cancelled("the intermediary closed the connection");
        } catch (SocketTimeoutException e) {
            // it never gave up: the origin cuts the response itself
        } catch (IOException e) {
            arrival.cancelled("the intermediary reset the connection (" + e.getMessage() + ")");
        }
    }
}
