package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.frame.GoAwayFrame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Idle complete connections beside the attacks: the lane grows by {@link #GROWTH} connections a second to {@link #SIZE}
 * (preface and SETTINGS exchanged, then never a stream) and opens a new one for each the server closes (its
 * {@code firstStreamTimeout}, or a shed at a connection cap), so that for the whole soak the server holds a crowd that
 * asks for nothing while it serves the normal clients from the same address. One thread, blocking peers.
 */
final class IdleLane {

    static final int SIZE = 200;
    static final int GROWTH = 10;
    private static final Duration POLL = Duration.ofMillis(1);
    private static final Duration SWEEP_PAUSE = Duration.ofMillis(200);

    private final Target target;
    private final PeerOptions options;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Peer> open = new ArrayList<>();
    private final Thread thread;
    private volatile int opened;
    private volatile int closedByServer;
    private volatile int goAwayNoError;
    private volatile int otherGoAway;
    private volatile int failedToOpen;
    private volatile int most;

    IdleLane(Target target, PeerOptions options) {
        this.target = target;
        this.options = options;
        this.thread = new Thread(this::run, "soak-idle-lane");
    }

    void start() {
        thread.start();
    }

    /** Stops growing and closes every connection the lane holds. */
    void stop() throws InterruptedException {
        running.set(false);
        thread.join(Duration.ofSeconds(60).toMillis());
    }

    private void run() {
        long started = System.nanoTime();
        try {
            while (running.get()) {
                sweep();
                long seconds = (System.nanoTime() - started) / 1_000_000_000L;
                int want = (int) Math.min(SIZE, (seconds + 1) * GROWTH);
                while (open.size() < want && running.get() && openOne()) {
                    most = Math.max(most, open.size());
                }
                Thread.sleep(SWEEP_PAUSE.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.forEach(Peer::close);
            open.clear();
        }
    }

    /** Drops (and counts) the connections the server has closed since the last sweep. */
    private void sweep() {
        for (Iterator<Peer> it = open.iterator(); it.hasNext(); ) {
            Peer p = it.next();
            for (PeerEvent e = p.nextEvent(POLL); !(e instanceof PeerEvent.Timeout); e = p.nextEvent(POLL)) {
                if (e instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                    if (g.errorCode() == 0) {
                        goAwayNoError++;
                    } else {
                        otherGoAway++;
                    }
                } else if (e instanceof PeerEvent.ConnectionClosed) {
                    closedByServer++;
                    p.close();
                    it.remove();
                    break;
                }
            }
        }
    }

    private boolean openOne() {
        try {
            Peer p = Peer.connect(target, options);
            try {
                p.handshake();
            } catch (HandshakeException e) {
                p.close();
                throw e;
            }
            open.add(p);
            opened++;
            return true;
        } catch (HandshakeException e) {
            failedToOpen++;
            return false;
        }
    }

    int most() {
        return most;
    }

    int closedByServer() {
        return closedByServer;
    }

    int otherGoAway() {
        return otherGoAway;
    }

    String describe() {
        return "idle lane: " + opened + " complete connections opened (at most " + most + " at once), "
                + closedByServer + " closed by the server (" + goAwayNoError + " after GOAWAY NO_ERROR, " + otherGoAway
                + " after another GOAWAY), " + failedToOpen + " failed to open";
    }
}
