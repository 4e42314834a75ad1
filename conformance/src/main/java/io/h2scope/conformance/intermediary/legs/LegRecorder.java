package io.h2scope.conformance.intermediary.legs;

import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.scripted.SocketWire;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.ConnectionOrigins;
import java.io.IOException;
import java.net.Socket;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records both legs of the case in progress on one stage: each connection the client in front opens belongs to it
 * whole; an origin connection (the intermediary may keep one for many cases) gives it what it carried while the case
 * ran. Cases are recorded one at a time, as the suite runner runs them: what an origin connection carries between
 * two cases is kept by neither. Thread-safe: the case's thread begins and ends, the origin's threads publish.
 */
public final class LegRecorder {

    /** How an HTTP/1.1 origin connection is named in its opening's transport. */
    public static final String HTTP1 = "http/1.1";

    /** Connection ids of both legs: unique in the JVM, so a case's connections are told apart. */
    private static final AtomicLong IDS = new AtomicLong();

    private volatile CaseLegs current;
    private volatile LegCaps caps = LegCaps.DEFAULT;

    /** What the legs keep from now on (a run's {@code --legs-data}, {@code --legs-http1-shown}). */
    public void keep(LegCaps value) {
        caps = java.util.Objects.requireNonNull(value, "caps");
    }

    /** What the legs keep. */
    public LegCaps caps() {
        return caps;
    }

    /** Starts recording the case {@code caseId}'s legs, until the result is closed. */
    public CaseLegs begin(String caseId) {
        CaseLegs legs = new CaseLegs(caseId, this, caps.dataKept());
        current = legs;
        return legs;
    }

    void ended(CaseLegs legs) {
        if (current == legs) {
            current = null;
        }
    }

    /** The case in progress, or null. */
    CaseLegs current() {
        return current;
    }

    /** A marker the case in progress put on a request: its legs name it. */
    public void marked(String marker) {
        CaseLegs legs = current;
        if (legs != null) {
            legs.marked(marker);
        }
    }

    /** The client in front on {@code socket} (connected, TLS done), its exchange kept by the case in progress. */
    public ScriptedPeer front(Socket socket) throws IOException {
        long start = System.nanoTime();
        ConnectionOpened opened = opened(socket, Role.CLIENT, ConnectionOrigin.H2C);
        CaseLegs legs = current;
        TraceSink sink = legs == null ? TraceSink.NONE : legs.front(start);
        return ScriptedPeer.over(new SocketWire(socket), opened, sink, start);
    }

    /** The h2 origin's server on {@code socket} (accepted, TLS done), what it carries kept by each case in turn. */
    public ScriptedPeer origin(Socket socket) throws IOException {
        OriginLeg leg = originLeg(socket, ConnectionOrigin.H2C);
        return ScriptedPeer.over(new SocketWire(socket), leg.opened(), leg, leg.startNanos());
    }

    /** An HTTP/1.1 origin connection on {@code socket}: its octets both ways, kept by each case in turn. */
    public Http1Leg http1Origin(Socket socket) {
        OriginLeg leg = originLeg(socket, HTTP1);
        return new Http1Leg(leg, caps.shownOctets());
    }

    private OriginLeg originLeg(Socket socket, String cleartext) {
        return new OriginLeg(this, opened(socket, Role.SERVER, cleartext), System.nanoTime());
    }

    private static ConnectionOpened opened(Socket socket, Role role, String cleartext) {
        return ConnectionOpened.of(IDS.incrementAndGet(), 0, role, ConnectionOrigins.of(socket, cleartext, Instant.now()));
    }
}
