package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.targets.Target;

/**
 * Tells a run that reaches its target from one that does not. Before the run, one connection must
 * reach the HTTP/2 handshake ({@link #preflight}); during it, {@link #FAILURES_IN_A_ROW} connections
 * in a row that fail the same way before HTTP/2 (refused, TLS failing, an HTTP/1 answer) end the run:
 * the target is gone, and the cases left would only repeat the same failure. Thread-safe.
 */
final class ReachabilityGuard {

    static final int FAILURES_IN_A_ROW = 3;

    private String lastFailure;
    private int inARow;
    private String reason;

    /** Null when a connection reached the HTTP/2 handshake; otherwise the one-line diagnosis. */
    static String preflight(Target target, PeerOptions options) {
        try (Peer peer = Peer.connect(target, options)) {
            peer.handshake();
            return null;
        } catch (HandshakeException e) {
            return e.kind().unreachable() ? "no connection to " + target.url() + " reached the HTTP/2 handshake: " + e.getMessage()
                    : null; // reached, and whatever went wrong is for the cases to judge
        }
    }

    synchronized void failed(HandshakeException e) {
        if (!e.kind().unreachable()) {
            reached();
            return;
        }
        inARow = e.getMessage().equals(lastFailure) ? inARow + 1 : 1;
        lastFailure = e.getMessage();
        if (inARow >= FAILURES_IN_A_ROW && reason == null) {
            reason = "the target stopped accepting HTTP/2 connections during the run: " + lastFailure + " ("
                    + FAILURES_IN_A_ROW + " connections in a row)";
        }
    }

    synchronized void reached() {
        inARow = 0;
        lastFailure = null;
    }

    /** Why the run was ended early, or null. */
    synchronized String reason() {
        return reason;
    }
}
