package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.HandshakeException;

/**
 * Tells a run whose target went away from one that still reaches it (before the run, {@link Http2Probe} decides
 * whether it speaks HTTP/2 at all): {@link #FAILURES_IN_A_ROW} connections in a row that fail the same way before
 * HTTP/2 (refused, TLS failing, an answer that is not HTTP/2) end the run: the target is gone, and the cases left
 * would only repeat the same failure. Thread-safe.
 */
final class ReachabilityGuard {

    static final int FAILURES_IN_A_ROW = 3;

    private String lastFailure;
    private int inARow;
    private String reason;

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
