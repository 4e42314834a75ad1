package io.h2scope.engine.trace.model;

import io.h2scope.engine.stream.Role;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The connection began (its first event). What is not known to the publisher is null: the sans-IO
 * core knows its role, and what the transport hands it as a {@link ConnectionOrigin} (addresses, TLS, ALPN, SNI).
 *
 * @param role      client or server
 * @param local     the local address as text, or null
 * @param remote    the remote address as text, or null
 * @param transport how HTTP/2 was reached: {@code "tls"}, {@code "h2c"} (prior knowledge), {@code "h2c upgrade"}, or null
 * @param tlsVersion the TLS protocol, or null
 * @param cipherSuite the TLS cipher suite, or null
 * @param alpn      the negotiated ALPN protocol, or null
 * @param sni       the server name indicated, or null
 * @param pair      for one leg of a proxied pair, the id of the other leg (the proxy relays the bytes of one
 *                  connection to the other unchanged; or, with {@code leg}, the intermediary under test joins them);
 *                  -1 for a connection that is not proxied
 * @param clock     the wall-clock time of the connection's time 0 (UTC, to the microsecond), so that any of its events
 *                  is at {@code clock + nanosSinceStart} ({@link #clockAt}); null when the publisher was not told it
 *                  (a recording made before recordings carried it, bytes decoded from a file)
 * @param privacy   what the trace leaves out (redacted field values, DATA), as the sink that recorded it says; null
 *                  when not known (the core publishes none: a redacting sink stamps its own)
 * @param leg       for one leg of a linked pair, which leg and what links it (the intermediary suite's front and
 *                  origin of a case); null for any other connection
 */
public record ConnectionOpened(long connectionId, long nanosSinceStart, Role role, String local, String remote,
        String transport, String tlsVersion, String cipherSuite, String alpn, String sni, long pair, Instant clock,
        TracePrivacy privacy, ConnectionLeg leg) implements TraceEvent {

    public ConnectionOpened {
        clock = clock == null ? null : clock.truncatedTo(ChronoUnit.MICROS); // what a recording keeps of it
    }

    /** The value of {@link #pair()} for a connection that is not one leg of a proxied pair. */
    public static final long NO_PAIR = -1;

    /** What the sans-IO core knows of itself. */
    public static ConnectionOpened of(long connectionId, long nanosSinceStart, Role role) {
        return of(connectionId, nanosSinceStart, role, ConnectionOrigin.UNKNOWN);
    }

    /** The core's role and what the transport told it. */
    public static ConnectionOpened of(long connectionId, long nanosSinceStart, Role role, ConnectionOrigin origin) {
        return of(connectionId, nanosSinceStart, role, origin, NO_PAIR);
    }

    /** One leg of a proxied pair ({@code pair}: the other leg's id), or not ({@link #NO_PAIR}). */
    public static ConnectionOpened of(long connectionId, long nanosSinceStart, Role role, ConnectionOrigin origin, long pair) {
        return new ConnectionOpened(connectionId, nanosSinceStart, role, origin.local(), origin.remote(),
                origin.transport(), origin.tlsVersion(), origin.cipherSuite(), origin.alpn(), origin.sni(), pair,
                origin.clock());
    }

    /** A connection that is no named leg. */
    public ConnectionOpened(long connectionId, long nanosSinceStart, Role role, String local, String remote,
            String transport, String tlsVersion, String cipherSuite, String alpn, String sni, long pair, Instant clock,
            TracePrivacy privacy) {
        this(connectionId, nanosSinceStart, role, local, remote, transport, tlsVersion, cipherSuite, alpn, sni, pair,
                clock, privacy, null);
    }

    /** A connection whose privacy is not said. */
    public ConnectionOpened(long connectionId, long nanosSinceStart, Role role, String local, String remote,
            String transport, String tlsVersion, String cipherSuite, String alpn, String sni, long pair, Instant clock) {
        this(connectionId, nanosSinceStart, role, local, remote, transport, tlsVersion, cipherSuite, alpn, sni, pair,
                clock, null);
    }

    /** A connection that is not one leg of a proxied pair, without a clock. */
    public ConnectionOpened(long connectionId, long nanosSinceStart, Role role, String local, String remote,
            String transport, String tlsVersion, String cipherSuite, String alpn, String sni) {
        this(connectionId, nanosSinceStart, role, local, remote, transport, tlsVersion, cipherSuite, alpn, sni, NO_PAIR,
                null);
    }

    /** The wall-clock time of an event of this connection {@code nanosSinceStart} after its start; null without a clock. */
    public Instant clockAt(long nanosSinceStart) {
        return clock == null ? null : clock.plusNanos(nanosSinceStart);
    }

    /** The same opening, saying what its trace leaves out. */
    public ConnectionOpened withPrivacy(TracePrivacy value) {
        return new ConnectionOpened(connectionId, nanosSinceStart, role, local, remote, transport, tlsVersion,
                cipherSuite, alpn, sni, pair, clock, value, leg);
    }

    /** The same opening as leg {@code value} of a pair whose other leg is connection {@code other}. */
    public ConnectionOpened linked(ConnectionLeg value, long other) {
        return new ConnectionOpened(connectionId, nanosSinceStart, role, local, remote, transport, tlsVersion,
                cipherSuite, alpn, sni, other, clock, privacy, value);
    }

    /** Whether this connection is one leg of a proxied pair. */
    public boolean paired() {
        return pair != NO_PAIR;
    }
}
