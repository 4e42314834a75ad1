package io.h2scope.conformance.peer;

import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.ConnectionOrigins;
import java.time.Instant;
import java.util.List;
import javax.net.ssl.SSLSocket;

/**
 * A connection that never carried HTTP/2 frames (TLS that chose no h2, a TLS probe answered by an alert, a handshake
 * that failed) as one line of a case's evidence: its opening, with how far it got (TLS version, suite, ALPN), is the
 * line's event, so that {@link EvidenceEvents} makes it a connection of the exchange, and why no HTTP/2 followed, with
 * what was received instead, is the line's text ({@link #why}). The one home of this line for every suite.
 */
public final class NoHttp2 {

    /** Where the line's text says that no HTTP/2 followed. */
    static final String MARK = ": no HTTP/2";

    private NoHttp2() {
    }

    /** A hand-shaken TLS socket: its outcome as the socket tells it. */
    public static TraceEntry tls(long connectionId, Role role, SSLSocket socket, String why) {
        return line(ConnectionOpened.of(connectionId, 0, role, ConnectionOrigins.of(socket, ConnectionOrigin.H2C,
                Instant.now())), why);
    }

    /**
     * A connection of ours to {@code remote} over TLS that got no further than the fields given (null: not known),
     * e.g. a hand-built ClientHello answered by a ServerHello or an alert.
     */
    public static TraceEntry tlsTo(long connectionId, String remote, String tlsVersion, String cipherSuite, String alpn,
            String why) {
        return line(new ConnectionOpened(connectionId, 0, Role.CLIENT, null, remote, ConnectionOrigin.TLS, tlsVersion,
                cipherSuite, alpn, null, ConnectionOpened.NO_PAIR, Instant.now()), why);
    }

    /** A connection of ours to {@code remote} ({@code transport}: tls or h2c) that failed before HTTP/2 began. */
    public static TraceEntry failed(long connectionId, String remote, String transport, String why) {
        return line(new ConnectionOpened(connectionId, 0, Role.CLIENT, null, remote, transport, null, null, null, null,
                ConnectionOpened.NO_PAIR, Instant.now()), why);
    }

    private static TraceEntry line(ConnectionOpened opened, String why) {
        String how = opened.tlsVersion() == null && opened.alpn() == null
                ? (ConnectionOrigin.TLS.equals(opened.transport()) ? "TLS" : "TCP")
                : "TLS " + opened.tlsVersion() + " " + opened.cipherSuite() + ", ALPN "
                        + (opened.alpn() == null ? "none" : opened.alpn());
        return new TraceEntry(0, EntryDirection.NOTE, how + MARK + (why == null || why.isEmpty() ? "" : " (" + why + ")"),
                opened);
    }

    /** Whether {@code entry} is such a line. */
    static boolean is(TraceEntry entry) {
        return entry.event() instanceof ConnectionOpened && entry.text().contains(MARK);
    }

    /** The text of the first such line of {@code evidence} (how far the connection got and why it went no further), or null. */
    public static String why(List<TraceEntry> evidence) {
        return evidence.stream().filter(NoHttp2::is).map(TraceEntry::text).findFirst().orElse(null);
    }
}
