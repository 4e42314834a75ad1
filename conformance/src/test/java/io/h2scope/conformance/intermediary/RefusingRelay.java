package io.h2scope.conformance.intermediary;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test intermediary that resets the only stream of its first {@code refusals} connections with REFUSED_STREAM
 * before forwarding anything (RFC 9113 §8.7), as haproxy now and then does, and relays every later connection octet
 * for octet to the h2c origin.
 */
final class RefusingRelay extends LoopbackRelay {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final int refusals;
    final AtomicInteger connections = new AtomicInteger();

    RefusingRelay(int originPort, int refusals) throws IOException {
        super(originPort, "refusing-relay");
        this.refusals = refusals;
        startAccepting();
    }

    @Override
    void relay(Socket front) {
        try (front) {
            if (connections.incrementAndGet() <= refusals) {
                refuse(front);
            } else {
                pipe(front);
            }
        } catch (IOException e) {
            // either side closed: this connection is over
        }
    }

    private static void refuse(Socket front) throws IOException {
        try (ScriptedPeer peer = acceptFront(front, PATIENCE)) {
            peer.greet();
            peer.await(f -> f instanceof HeadersFrame);
            peer.send(RstStreamFrame.of(1, ErrorCode.REFUSED_STREAM));
            peer.await(f -> false); // until the client closes
        }
    }

    private void pipe(Socket front) throws IOException {
        try (Socket origin = new Socket("127.0.0.1", originPort)) {
            Thread back = new Thread(() -> copy(origin, front), "refusing-relay-back");
            back.setDaemon(true);
            back.start();
            copy(front, origin);
        }
    }

    /** Copies {@code from} to {@code to} until either ends, then shuts the other's output. */
    private static void copy(Socket from, Socket to) {
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            in.transferTo(out);
            to.shutdownOutput();
        } catch (IOException e) {
            // a close on either side ends the copy
        }
    }
}
