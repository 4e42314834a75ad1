package io.h2scope.engine.trace.live;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.SwitchableSink;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.config.TraceOnly;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.redact.RedactingSink;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * One connection's sink in a {@link LiveTrace}: whether the connection is traced now, and where its events go.
 *
 * <p><b>Deciding.</b> The filter ({@link TraceOnly}) is decided on what is known, as early as it can be: the
 * connection's id at once, its peer when it is accepted, the {@code :authority} and {@code :path} of the first request
 * the trace sees (the first request, unless tracing was off for the connection when it came). Until a filter that
 * asks about the request can say, the connection's events are built and held here, at most {@value #MAX_HELD} (its
 * opening, the SETTINGS exchange, the first request's frames); then they are let go in order if it matches, or dropped.
 * A connection that does not match is {@linkplain #enabled() off}: it builds no event, as with tracing off. One that
 * holds more than {@value #MAX_HELD} events before it says what it asks for is not traced.
 *
 * <p><b>Delivering.</b> Events go through a redaction of the connection's own ({@link RedactingSink}) to the
 * consumers in force: the text log at once; the recording and each attached reader from the opening they were given,
 * the connection's first event or, for one that came later, the opening and snapshot the connection publishes when
 * {@link #wantsOpening()} asks it to.
 *
 * <p>Every method but {@link #wake()} runs on the connection's thread, one at a time; the live trace changes only
 * its volatile state, which {@link #enabled()} compares before each event.
 */
final class LiveConnection implements SwitchableSink {

    /** Events held while a filter waits for the connection's first request. */
    static final int MAX_HELD = 256;

    private enum Decision { YES, NO, PENDING }

    private final LiveTrace trace;
    private final long id;
    private final Fanout fanout = new Fanout();
    /** The redaction in front of the fan-out, made when the connection is first traced. */
    private RedactingSink redacting;

    // what the filter decides on
    private volatile InetAddress peer; // read by tests too
    private boolean examined;
    private String authority;
    private String path;
    /** It held too much before its request came: not traced until the filter changes. */
    private boolean gaveUp;

    // as of `seen`
    private LiveState seen;
    private Decision decision = Decision.PENDING;
    private boolean on;

    // the fan-out, aligned with seen.consumers()
    private TraceSink[] consumers = new TraceSink[0];
    private boolean[] introduced = new boolean[0];
    private boolean[] justIntroduced = new boolean[0];
    /** Events (and listener calls, as {@code Consumer<Fanout>}) waiting for the filter; null when none. */
    private List<Object> held;
    /** An opening is among the held events: no other is asked for. */
    private boolean openingHeld;

    private volatile Runnable wake;

    LiveConnection(LiveTrace trace, long id) {
        this.trace = trace;
        this.id = id;
    }

    long id() {
        return id;
    }

    /** Whether the connection was traced at its last event (tests, from another thread: no reconciling here). */
    boolean tracedNow() {
        return on;
    }

    /** The peer's address, once known. */
    InetAddress peer() {
        return peer;
    }

    // ---------------------------------------------------------------- what the connection asks

    @Override
    public boolean enabled() {
        LiveState s = trace.state;
        return s == seen ? on : reconcile(s);
    }

    @Override
    public boolean wantsHpackDetail() {
        return enabled() && seen.hpack();
    }

    @Override
    public boolean wantsOpening() {
        if (!on || openingHeld) {
            return false;
        }
        boolean[] need = seen.needOpening();
        for (int i = 0; i < need.length; i++) {
            if (need[i] && !introduced[i]) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void wakeWith(Runnable wake) {
        this.wake = wake;
        trace.opened(this);
    }

    /** The connection ended while it was not traced (a traced one's {@link ConnectionClosed} says so). */
    @Override
    public void ended() {
        trace.closed(this);
    }

    /** Any thread: has the connection publish its opening if it wants to (a consumer joined). */
    void wake() {
        Runnable w = wake;
        if (w != null) {
            w.run();
        }
    }

    private boolean reconcile(LiveState s) {
        LiveState before = seen;
        seen = s;
        if (before == null || before.only() != s.only()) {
            gaveUp = false;
            decide();
        }
        if (before == null || before.consumers() != s.consumers()) {
            remap(s.consumers());
        }
        on = s.on() && decision != Decision.NO;
        return on;
    }

    // ---------------------------------------------------------------- deciding

    private void decide() {
        decision = decision(seen.only());
        if (decision == Decision.NO) {
            held = null;
            openingHeld = false;
            java.util.Arrays.fill(introduced, false); // matched again later, it is introduced again
        }
    }

    private Decision decision(TraceOnly only) {
        if (only == null) {
            return Decision.YES;
        }
        if (gaveUp || !only.matchesConnection(id)) {
            return Decision.NO;
        }
        Decision byPeer = !only.needsPeer() ? Decision.YES
                : peer == null ? (examined ? Decision.NO : Decision.PENDING)
                : only.matchesPeer(peer) ? Decision.YES : Decision.NO;
        Decision byRequest = !only.needsRequest() ? Decision.YES
                : !examined ? Decision.PENDING
                : only.matchesRequest(authority, path) ? Decision.YES : Decision.NO;
        if (byPeer == Decision.NO || byRequest == Decision.NO) {
            return Decision.NO;
        }
        return byPeer == Decision.PENDING || byRequest == Decision.PENDING ? Decision.PENDING : Decision.YES;
    }

    /** Learns a fact and decides again on it. */
    private void learned() {
        if (seen == null) {
            enabled();
        } else if (seen.only() != null) {
            decide();
            on = seen.on() && decision != Decision.NO;
        }
    }

    /** The first request head seen: a frame whose fields have {@code :method}. */
    private void examine(FrameEvent f) {
        List<HeaderField> fields = f.headers();
        String method = null;
        String host = null;
        for (HeaderField field : fields) {
            switch (field.name()) {
                case ":method" -> method = field.value();
                case ":authority" -> authority = field.value();
                case ":path" -> path = field.value();
                case "host" -> host = field.value();
                default -> {
                }
            }
        }
        if (method == null) {
            authority = null;
            path = null;
            return;
        }
        if (authority == null) {
            authority = host;
        }
        examined = true;
        learned();
    }

    /** An HTTP/1.1 request line and Host of an h2c upgrade: the connection's first request. */
    private void examine(String head) {
        String[] lines = head.split("\n");
        String[] start = lines[0].split(" ");
        if (start.length < 3 || start[0].startsWith("HTTP/")) {
            return; // a response
        }
        path = start[1];
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("host")) {
                authority = line.substring(colon + 1).trim();
            }
        }
        examined = true;
        learned();
    }

    /** The peer named in an opening's text ({@code 10.1.2.3:51000}, {@code [::1]:8443}), for connections observed. */
    void remoteIs(String remote) {
        if (peer != null || remote == null) {
            return;
        }
        int colon = remote.lastIndexOf(':');
        String host = (colon > 0 ? remote.substring(0, colon) : remote).replace("[", "").replace("]", "");
        if (host.startsWith("/")) {
            host = host.substring(1);
        }
        try {
            if (!host.isEmpty() && (host.indexOf(':') >= 0 || host.chars().allMatch(c -> c == '.' || Character.isDigit(c)))) {
                peer = InetAddress.getByName(host); // a literal: no lookup
                learned();
            }
        } catch (UnknownHostException e) {
            // not an address: the peer stays unknown
        }
    }

    // ---------------------------------------------------------------- events and listener calls

    @Override
    public void onEvent(TraceEvent event) {
        if (event instanceof ConnectionOpened opened) {
            remoteIs(opened.remote()); // the filter's peer, before the opening is held or passed on
        }
        if (!examined && event instanceof FrameEvent f && !f.headers().isEmpty()) {
            examine(f);
        } else if (!examined && event instanceof Http1Head h) {
            examine(h.head());
        }
        redacting().onEvent(event);
        if (event instanceof ConnectionClosed) {
            trace.closed(this);
        }
    }

    /** The consumers' batches around {@code events}, when traced (a consumer that joins midway gets the rest unbatched). */
    @Override
    public void batch(Runnable events) {
        if (enabled()) {
            LiveTrace.batch(consumers, 0, events);
        } else {
            events.run();
        }
    }

    private RedactingSink redacting() {
        if (redacting == null) {
            redacting = (RedactingSink) RedactingSink.wrap(fanout, trace.redaction(), trace.dataMax());
        }
        return redacting;
    }

    // ---------------------------------------------------------------- the fan-out

    /** The consumers of {@code now}, keeping what was introduced to those that stay. */
    private void remap(TraceSink[] now) {
        boolean[] kept = new boolean[now.length];
        for (int i = 0; i < now.length; i++) {
            for (int j = 0; j < consumers.length; j++) {
                if (consumers[j] == now[i]) {
                    kept[i] = introduced[j];
                }
            }
        }
        consumers = now;
        introduced = kept;
        justIntroduced = new boolean[now.length];
    }

    /** After the redaction: held while the filter waits, dropped when it says no, else to the consumers. */
    private final class Fanout implements TraceSink {

        @Override
        public void onEvent(TraceEvent event) {
            switch (decision) {
                case PENDING -> hold(event);
                case YES -> {
                    release();
                    deliver(event);
                }
                case NO -> {
                }
            }
        }

        private void hold(Object what) {
            if (what instanceof ConnectionClosed) { // it ended before its request: the filter cannot match it
                giveUp();
                return;
            }
            if (held == null) {
                held = new ArrayList<>();
            }
            held.add(what);
            if (what instanceof ConnectionOpened) {
                openingHeld = true;
            }
            if (held.size() > MAX_HELD) {
                giveUp();
            }
        }

        private void giveUp() {
            gaveUp = true;
            decide();
            on = false;
        }

        @SuppressWarnings("unchecked")
        private void release() {
            if (held == null) {
                return;
            }
            List<Object> waiting = held;
            held = null;
            openingHeld = false;
            for (Object o : waiting) {
                if (o instanceof TraceEvent e) {
                    deliver(e);
                } else {
                    ((Consumer<Fanout>) o).accept(this);
                }
            }
        }

        private void deliver(TraceEvent event) {
            boolean[] need = seen.needOpening();
            if (event instanceof ConnectionOpened) {
                for (int i = 0; i < consumers.length; i++) {
                    justIntroduced[i] = !introduced[i]; // each consumer its first opening; a reader that joined, one again
                    if (justIntroduced[i]) {
                        introduced[i] = true;
                        consumers[i].onEvent(event);
                    }
                }
            } else if (event instanceof SnapshotTaken) {
                for (int i = 0; i < consumers.length; i++) {
                    if (justIntroduced[i]) {
                        consumers[i].onEvent(event);
                    }
                }
            } else {
                for (int i = 0; i < consumers.length; i++) {
                    if (!need[i] || introduced[i]) {
                        consumers[i].onEvent(event);
                    }
                }
            }
        }

    }
}
