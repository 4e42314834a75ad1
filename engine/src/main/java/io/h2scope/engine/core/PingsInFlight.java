package io.h2scope.engine.core;

import java.util.ArrayDeque;

/**
 * Our PINGs the peer has not answered yet: a PING ACK is reported only when it echoes one of them
 * (RFC 9113 §6.7). Bounded: past {@link #MAX} the oldest is forgotten, so a peer that never answers
 * cannot make us remember without end.
 */
final class PingsInFlight {

    private static final int MAX = 64;

    private final ArrayDeque<Long> opaques = new ArrayDeque<>();

    void sent(long opaqueData) {
        if (opaques.size() == MAX) {
            opaques.pollFirst();
        }
        opaques.addLast(opaqueData);
    }

    /** Whether {@code opaqueData} answers one of our PINGs (which is then no longer in flight). */
    boolean acked(long opaqueData) {
        return opaques.remove(opaqueData);
    }
}
