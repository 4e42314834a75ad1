package io.h2scope.engine.trace.explain;

import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.Side;

/**
 * How an account names the two ends of one connection, from the point of view of the endpoint that recorded it:
 * "we" and "the peer" for the engine's own client or server; on either leg of a proxied pair, the client and the
 * upstream, whose frames the proxy relays unchanged (what it sends the client on one leg the upstream sent it on
 * the other), so both legs' accounts name the same ends alike.
 */
final class Parties {

    private final Finding.Viewpoint viewpoint;

    Parties(Finding.Viewpoint viewpoint) {
        this.viewpoint = viewpoint;
    }

    Finding.Viewpoint viewpoint() {
        return viewpoint;
    }

    /** {@code we}, {@code the peer}, or on a proxied leg {@code the client}, {@code the upstream}; null: the transport. */
    String who(Side side) {
        if (side == null) {
            return "the transport";
        }
        if (!viewpoint.proxied()) {
            return side == Side.LOCAL ? "we" : "the peer";
        }
        // the leg to the client is recorded as its server, the leg to the upstream as its client
        boolean client = (side == Side.REMOTE) == (viewpoint.role() == Role.SERVER);
        return client ? "the client" : "the upstream";
    }

    /** {@link #who} as an object: {@code us}, {@code the peer}, ... */
    String whom(Side side) {
        String who = who(side);
        return who.equals("we") ? "us" : who;
    }

    /** {@code our}, {@code the peer's}, ... */
    String whose(Side side) {
        String who = who(side);
        return who.equals("we") ? "our" : who + "'s";
    }

    /** The other side. */
    static Side other(Side side) {
        return side == Side.LOCAL ? Side.REMOTE : Side.LOCAL;
    }

    /** Whether the side {@code side} opens stream {@code streamId} (RFC 9113 §5.1.1); false when the role is unknown. */
    boolean opens(Side side, int streamId) {
        if (viewpoint.role() == null) {
            return false;
        }
        Role role = side == Side.LOCAL ? viewpoint.role() : viewpoint.role().peer();
        return role.initiates(streamId);
    }

    static String capital(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
