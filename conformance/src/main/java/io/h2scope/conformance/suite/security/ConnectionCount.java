package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Many connections at once from one address (127.0.0.1 to a local target): does the server cap them? Over h2c
 * each sends the client preface and SETTINGS, so a served connection answers with the server's SETTINGS and no
 * handshake timeout applies; over TLS each is a bare TCP connection that sends nothing (a cap is applied at
 * accept, before any handshake, and {@value #CONNECTIONS} TLS handshakes would measure our CPU, not the
 * server's limit). Connections are opened for at most {@link #OPENING} and watched until {@link #HOLD} from the
 * first (at least {@link #WATCH} after the last): a server accepts behind our connects, a TLS one slower still, and
 * over TLS nothing shows until it reaches the connections it refuses. All is judged before the usual 10 s handshake
 * or idle timeouts could close a connection and pass for a cap. Runs alone: the cap it looks for would refuse
 * other cases too.
 */
final class ConnectionCount {

    /** Above the engine's default per-address cap (1,000) and nginx's and h2o's 1,024: the bound on what is opened. */
    static final int CONNECTIONS = 1_100;
    static final Duration BUDGET = Duration.ofSeconds(20);
    /** How long connections are opened, at most. */
    static final Duration OPENING = Duration.ofSeconds(5);
    /** How long they are watched after the last connect, at least (h2c: until every one is answered or closed, if sooner). */
    static final Duration WATCH = Duration.ofSeconds(3);
    /** How long they are held from the first connect, unless the opening took longer: under a 10 s timeout. */
    static final Duration HOLD = Duration.ofSeconds(9);
    static final String EXPECTED = "connections beyond a cap closed at once or left unaccepted (not answered)";
    private static final byte[] SETTINGS_ACK = FrameWriter.encode(SettingsFrame.ackFrame());

    private enum State { CONNECTING, OPEN, ANSWERED, CLOSED }

    private static final class Conn {
        final int index;
        final SocketChannel channel;
        State state = State.CONNECTING;
        long openedAt;
        long closedAt;

        Conn(int index, SocketChannel channel) {
            this.index = index;
            this.channel = channel;
        }
    }

    private ConnectionCount() {
    }

    static Verdict run(Peer p) throws IOException {
        boolean h2c = !p.target().tls();
        byte[] hello = h2c ? preface() : new byte[0];
        InetSocketAddress address = new InetSocketAddress(p.target().host(), p.target().port());
        long start = System.nanoTime();
        long budgetEnd = start + p.budget().toNanos();
        long opening = Math.min(start + OPENING.toNanos(), budgetEnd);
        List<Conn> conns = new ArrayList<>();
        String ourLimit = null;
        long[] openedIn = {0};
        try (Selector selector = Selector.open()) {
            for (int i = 0; i < CONNECTIONS && System.nanoTime() < opening; i++) {
                SocketChannel channel;
                try {
                    channel = SocketChannel.open();
                } catch (IOException e) {
                    ourLimit = "our side could open only " + i + " sockets (" + e.getMessage() + ")";
                    break;
                }
                Conn c = new Conn(i + 1, channel);
                conns.add(c);
                channel.configureBlocking(false);
                try {
                    if (channel.connect(address)) {
                        opened(c, hello, selector);
                    } else {
                        channel.register(selector, SelectionKey.OP_CONNECT, c);
                    }
                } catch (IOException e) {
                    closed(c);
                }
                if (i % 50 == 49) {
                    pump(selector, 0, hello);
                }
            }
            openedIn[0] = (System.nanoTime() - start) / 1_000_000;
            long watchEnd = Math.min(Math.max(System.nanoTime() + WATCH.toNanos(), start + HOLD.toNanos()), budgetEnd);
            while (System.nanoTime() < watchEnd && !(h2c && settled(conns))) {
                pump(selector, 100, hello);
            }
            p.note(summary(conns, start, openedIn[0], h2c));
            return judge(conns, start, openedIn[0], h2c, ourLimit);
        } finally {
            for (Conn c : conns) {
                try {
                    c.channel.close();
                } catch (IOException ignored) {
                    // closing our own sockets: nothing to judge
                }
            }
            awaitServing(p);
        }
    }

    /** Every connection answered or closed: nothing more to wait for (h2c only: over TLS a held one says nothing). */
    private static boolean settled(List<Conn> conns) {
        return conns.stream().allMatch(c -> c.state == State.ANSWERED || c.state == State.CLOSED);
    }

    private static Verdict judge(List<Conn> conns, long start, long openedIn, boolean h2c, String ourLimit) {
        int opened = conns.size();
        Conn firstClosed = conns.stream().filter(c -> c.state == State.CLOSED).findFirst().orElse(null);
        long closed = conns.stream().filter(c -> c.state == State.CLOSED).count();
        long answered = conns.stream().filter(c -> c.state == State.ANSWERED).count();
        long silent = conns.size() - closed - answered;
        String figures = summary(conns, start, openedIn, h2c);
        if (firstClosed != null) {
            return Verdict.pass(EXPECTED, figures + "; the first it closed was #" + firstClosed.index + ", "
                    + (firstClosed.closedAt - Math.max(firstClosed.openedAt, start)) / 1_000_000
                    + " ms after its connect: it keeps at most about " + (opened - closed) + " connections from one address open");
        }
        if (h2c && silent > 0 && answered > 0) {
            Conn firstSilent = conns.stream().filter(c -> c.state != State.ANSWERED).findFirst().orElseThrow();
            return Verdict.pass(EXPECTED, figures + "; from #" + firstSilent.index + " on no SETTINGS came: it stopped"
                    + " accepting at about " + (firstSilent.index - 1) + " connections (the rest wait in the listen backlog)");
        }
        if (ourLimit != null) {
            return Verdict.inconclusive(EXPECTED, figures + "; " + ourLimit);
        }
        return Verdict.inconclusive(EXPECTED, figures + ": no cap at or below " + opened + " connections from one address"
                + " within " + HOLD.toSeconds() + " s (the RFC sets no number; §10.5 asks for limits, not a value), so a cap,"
                + " if any, is higher" + (h2c ? "" : "; over TLS a connection left unaccepted cannot be told from one held"));
    }

    private static String summary(List<Conn> conns, long start, long openedIn, boolean h2c) {
        long closed = conns.stream().filter(c -> c.state == State.CLOSED).count();
        long answered = conns.stream().filter(c -> c.state == State.ANSWERED).count();
        long connecting = conns.stream().filter(c -> c.state == State.CONNECTING).count();
        return "opened " + conns.size() + " connections from one address in " + openedIn + " ms"
                + (h2c ? " (each: client preface and SETTINGS)" : " (TCP only, nothing sent)") + ", held to "
                + (System.nanoTime() - start) / 1_000_000 + " ms: " + closed
                + " closed by the target, " + (h2c ? answered + " answered with SETTINGS, " : "")
                + (conns.size() - closed - answered - connecting) + (h2c ? " unanswered" : " held open")
                + (connecting > 0 ? ", " + connecting + " never connected (the listen backlog was full)" : "");
    }

    private static void pump(Selector selector, long waitMillis, byte[] hello) throws IOException {
        if (waitMillis == 0 ? selector.selectNow() == 0 : selector.select(waitMillis) == 0) {
            return;
        }
        ByteBuffer scratch = ByteBuffer.allocate(4096);
        for (SelectionKey key : selector.selectedKeys()) {
            Conn c = (Conn) key.attachment();
            try {
                if (key.isConnectable()) {
                    c.channel.finishConnect();
                    opened(c, hello, selector);
                } else if (key.isReadable()) {
                    scratch.clear();
                    int n = c.channel.read(scratch);
                    if (n < 0) {
                        key.cancel();
                        closed(c);
                    } else if (n > 0 && c.state == State.OPEN) {
                        c.state = State.ANSWERED; // an h2 server's first octets are its SETTINGS
                        c.channel.write(ByteBuffer.wrap(SETTINGS_ACK)); // RFC 9113 §6.5.3, so no SETTINGS timeout fires

                    }
                }
            } catch (IOException e) { // refused or reset
                key.cancel();
                closed(c);
            }
        }
        selector.selectedKeys().clear();
    }

    private static void opened(Conn c, byte[] hello, Selector selector) throws IOException {
        c.state = State.OPEN;
        c.openedAt = System.nanoTime();
        if (hello.length > 0) {
            c.channel.write(ByteBuffer.wrap(hello)); // 33 octets: fits any socket buffer
        }
        c.channel.register(selector, SelectionKey.OP_READ, c);
    }

    private static void closed(Conn c) {
        c.state = State.CLOSED;
        c.closedAt = System.nanoTime();
    }

    /** The client preface and an empty SETTINGS: a complete HTTP/2 start, so no handshake timeout applies. */
    private static byte[] preface() {
        byte[] settings = FrameWriter.encode(SettingsFrame.of());
        byte[] out = new byte[Preface.LENGTH + settings.length];
        System.arraycopy(Preface.bytes(), 0, out, 0, Preface.LENGTH);
        System.arraycopy(settings, 0, out, Preface.LENGTH, settings.length);
        return out;
    }

    /**
     * After our connections closed, a capping server needs a moment to count them out: wait (at most a few
     * timeouts) until a fresh connection is served, so the liveness probe that follows judges the server, not
     * the moment.
     */
    private static void awaitServing(Peer p) {
        long deadline = System.nanoTime() + p.timeout().multipliedBy(3).toNanos();
        while (System.nanoTime() < deadline) {
            try (Peer fresh = Peer.connect(p.target(), p.options())) {
                fresh.handshake();
                p.note("after our connections closed, a fresh connection was served");
                return;
            } catch (HandshakeException e) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        p.note("after our connections closed, no fresh connection was served within " + p.timeout().multipliedBy(3).toMillis() + " ms");
    }
}
