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
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Records both legs of the cases running on one stage, one at a time or several at once: each connection the client
 * in front opens belongs whole to the case whose thread opened it; an origin connection (the intermediary may keep one
 * for many cases, and carry several cases' requests at once) gives each case what it carried for the requests marked
 * with that case's markers ({@link OriginLeg}). Thread-safe: each case's thread begins, marks and ends its own case,
 * the origin's threads publish.
 */
public final class LegRecorder {

    /** How an HTTP/1.1 origin connection is named in its opening's transport. */
    public static final String HTTP1 = "http/1.1";

    /** Connection ids of both legs: unique in the JVM, so a case's connections are told apart. */
    private static final AtomicLong IDS = new AtomicLong();

    /** The case each case thread runs: its front connections and markers are that case's. */
    private final ThreadLocal<CaseLegs> onThread = new ThreadLocal<>();
    /** The cases running, in the order they began. */
    private final Set<CaseLegs> running = new LinkedHashSet<>();
    /** Each running case's markers: an origin request carrying one is that case's. */
    private final Map<String, CaseLegs> byMarker = new HashMap<>();
    private volatile LegCaps caps = LegCaps.DEFAULT;
    /** The first case marker in a text, as the origin tells one. */
    private final Function<String, Optional<String>> markers;

    /** @param markers the first case marker in a text, if any (the origin's {@code Marker.findIn}) */
    public LegRecorder(Function<String, Optional<String>> markers) {
        this.markers = markers;
    }

    /** The first case marker in {@code text}, if any. */
    Optional<String> markerIn(String text) {
        return markers.apply(text);
    }

    /** What the legs keep from now on (a run's {@code --legs-data}, {@code --legs-http1-shown}). */
    public void keep(LegCaps value) {
        caps = java.util.Objects.requireNonNull(value, "caps");
    }

    /** What the legs keep. */
    public LegCaps caps() {
        return caps;
    }

    /**
     * Starts recording the case {@code caseId}'s legs, run by the calling thread (its front connections and markers
     * are the case's), until the result is closed on that thread.
     */
    public CaseLegs begin(String caseId) {
        CaseLegs legs = new CaseLegs(caseId, this, caps.dataKept());
        synchronized (this) {
            running.add(legs);
        }
        onThread.set(legs);
        return legs;
    }

    void ended(CaseLegs legs) {
        synchronized (this) {
            running.remove(legs);
            byMarker.values().removeIf(l -> l == legs);
        }
        if (onThread.get() == legs) {
            onThread.remove();
        }
    }

    /** A marker the calling thread's case put on a request: its legs name it, and what carries it is its own. */
    public void marked(String marker) {
        CaseLegs legs = onThread.get();
        if (legs != null) {
            synchronized (this) {
                byMarker.put(marker, legs);
            }
            legs.marked(marker);
        }
    }

    /** The running case that marked a request with {@code marker}, or null. */
    synchronized CaseLegs owner(String marker) {
        return byMarker.get(marker);
    }

    synchronized boolean isRunning(CaseLegs legs) {
        return running.contains(legs);
    }

    /** The one case running, or null when none or several are. */
    synchronized CaseLegs onlyRunning() {
        return running.size() == 1 ? running.iterator().next() : null;
    }

    /** The client in front on {@code socket} (connected, TLS done), its exchange kept by the case of the calling thread. */
    public ScriptedPeer front(Socket socket) throws IOException {
        long start = System.nanoTime();
        ConnectionOpened opened = opened(socket, Role.CLIENT, ConnectionOrigin.H2C);
        CaseLegs legs = onThread.get();
        TraceSink sink = legs == null ? TraceSink.NONE : legs.front(start);
        return ScriptedPeer.over(new SocketWire(socket), opened, sink, start);
    }

    /** The h2 origin's server on {@code socket} (accepted, TLS done), each stream kept by the case it carries. */
    public ScriptedPeer origin(Socket socket) throws IOException {
        OriginLeg leg = originLeg(socket, ConnectionOrigin.H2C);
        return ScriptedPeer.over(new SocketWire(socket), leg.opened(), leg, leg.startNanos());
    }

    /** An HTTP/1.1 origin connection on {@code socket}: its octets both ways, each message kept by its case. */
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
