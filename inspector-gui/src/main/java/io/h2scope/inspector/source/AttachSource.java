package io.h2scope.inspector.source;

import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A running engine's live event stream ({@code H2SCOPE_TRACE_LISTEN}, through {@link AttachClient}): a snapshot of
 * each open connection, then every event, passed on once per read from the socket. Nothing listening, a refused
 * token and a gap (the engine dropped events for this reader) each give one clear notice; the events so far stay.
 *
 * <p>A socket that drops (the engine closed it, or it broke) is tried again for {@link #DEFAULT_RECONNECT_FOR}
 * (or as long as given), the status line saying since when and which try; once back, the engine's first line tells
 * the same engine (its open connections' snapshots resume them, the events between missing) from a new one on the
 * same address (a restart: its connection ids start again, so its events go to a source of their own, numbered
 * apart).
 */
public final class AttachSource implements TraceSource {

    /** How long a dropped attach is tried again before the source gives up ({@code inspect --reconnect-for}). */
    public static final Duration DEFAULT_RECONNECT_FOR = Duration.ofSeconds(60);
    /** The pause after a failed try, doubled each try up to {@link #LONGEST_PAUSE}. */
    static final Duration FIRST_PAUSE = Duration.ofMillis(250);
    static final Duration LONGEST_PAUSE = Duration.ofSeconds(2);

    private final ListenAddress address;
    private final String token;
    private final Duration reconnectFor;
    private final ReconnectClock clock;
    private volatile boolean closed;
    private volatile AttachClient client;
    private volatile Thread thread;

    /** {@code token}: the one the engine printed (TCP), or null; a dropped socket is tried again for a minute. */
    public AttachSource(ListenAddress address, String token) {
        this(address, token, DEFAULT_RECONNECT_FOR);
    }

    /** {@code reconnectFor}: how long a dropped socket is tried again (zero: the source ends when it drops). */
    public AttachSource(ListenAddress address, String token, Duration reconnectFor) {
        this(address, token, reconnectFor, ReconnectClock.SYSTEM);
    }

    AttachSource(ListenAddress address, String token, Duration reconnectFor, ReconnectClock clock) {
        this.address = Objects.requireNonNull(address, "address");
        this.token = token;
        if (reconnectFor.isNegative()) {
            throw new IllegalArgumentException("reconnect for " + reconnectFor.toSeconds()
                    + " s: give 0 or more seconds (0: do not reconnect)");
        }
        this.reconnectFor = reconnectFor;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "attach " + address;
    }

    /**
     * Sends one command to the engine this source is attached to ({@code trace level}, {@code trace record}: see
     * {@link AttachClient#command}) and returns its reply; blocks on the socket, so not on the FX thread.
     *
     * @throws AttachException when the engine refused it, with its one line
     * @throws IOException     when the engine cannot be reached
     */
    public Map<String, Object> command(Map<String, Object> request) throws IOException {
        return AttachClient.command(address, token, request);
    }

    @Override
    public void start(SourceSink sink) {
        Thread t = new Thread(() -> run(sink), "h2scope-" + name());
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void run(SourceSink sink) {
        Reading reading = new Reading(sink);
        Outcome outcome = reading.once(false);
        if (outcome.unreached() && !closed) {
            sink.ended(outcome.why()); // never attached: nothing to come back to
            return;
        }
        try {
            while (outcome.dropped() && !closed) {
                outcome = reconnect(reading, outcome.why());
            }
        } catch (InterruptedException e) {
            // closed while pausing
        }
    }

    /** After a drop: tries again until back (the outcome of that attachment) or the limit is over (then ended). */
    private Outcome reconnect(Reading reading, String why) throws InterruptedException {
        SourceSink sink = reading.sink;
        Instant droppedAt = clock.now();
        String kept = " after " + reading.status.events + " events" + reading.bad.summary();
        if (reconnectFor.isZero()) {
            sink.ended(why + kept + "; they are kept");
            return Outcome.OVER;
        }
        Instant deadline = droppedAt.plus(reconnectFor);
        sink.problem(why + kept + "; reconnecting for up to " + reconnectFor.toSeconds() + " s");
        reading.status.dropped(droppedAt);
        Duration pause = FIRST_PAUSE;
        for (int tries = 1; !closed; tries++) {
            sink.state(reading.status.reconnecting(tries));
            Outcome outcome = reading.once(true);
            if (!outcome.unreached()) {
                return outcome;
            }
            Duration left = Duration.between(clock.now(), deadline);
            if (left.isNegative() || left.isZero()) {
                sink.ended(why + kept + ", and it did not come back in " + reconnectFor.toSeconds() + " s (" + tries
                        + " tries; the last: " + outcome.why() + "); they are kept");
                return Outcome.OVER;
            }
            clock.pause(pause.compareTo(left) < 0 ? pause : left);
            pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) < 0 ? pause.multipliedBy(2) : LONGEST_PAUSE;
        }
        return Outcome.OVER;
    }

    /** How one attachment ended: dropped (try again), never reached, or over (ended told, or closed). */
    private enum Kind { OVER, DROPPED, UNREACHED }

    private record Outcome(Kind kind, String why) {
        static final Outcome OVER = new Outcome(Kind.OVER, null);

        boolean dropped() {
            return kind == Kind.DROPPED;
        }

        boolean unreached() {
            return kind == Kind.UNREACHED;
        }
    }

    /** The reading thread's state across attachments: counts, the engine attached to, its connections opened. */
    private final class Reading implements AttachClient.Handler {
        final SourceSink sink;
        final AttachStatus status = new AttachStatus(address.toString());
        final BadLines bad = new BadLines("from " + address);
        private final List<TraceEvent> batch = new ArrayList<>();
        /** The connections whose opening was passed on: the same engine sends it again after a reconnect. */
        private final Set<Long> opened = new HashSet<>();
        private String engine;
        private boolean again;
        private boolean received;
        private boolean over;
        private int restarts;

        Reading(SourceSink sink) {
            this.sink = sink;
        }

        /**
         * One attachment, until it ends. {@code again}: a reconnect, which counts as back at its first line (a socket
         * that takes the connection and closes it at once is no engine back).
         */
        Outcome once(boolean again) {
            this.again = again;
            received = false;
            try (AttachClient c = AttachClient.connect(address, token)) {
                client = c;
                if (closed) {
                    return Outcome.OVER;
                }
                if (!again) {
                    received = true;
                    status.attached(clock.now());
                    sink.state(status.line());
                }
                c.read(this);
                endOfRead();
                if (closed || over) {
                    return Outcome.OVER;
                }
                return ended("the engine on " + address + " closed the stream");
            } catch (AttachException e) {
                if (closed || over) {
                    return Outcome.OVER;
                }
                if (e.refused()) {
                    sink.ended(e.getMessage() + "; give the token it printed at start-up");
                    return Outcome.OVER;
                }
                return ended(e.getMessage());
            } catch (IOException e) {
                if (closed) {
                    return Outcome.OVER;
                }
                return ended(received ? "the connection to the engine on " + address + " broke (" + e.getMessage()
                        + ")" : e.getMessage());
            }
        }

        private Outcome ended(String why) {
            return new Outcome(received ? Kind.DROPPED : Kind.UNREACHED, why);
        }

        /** The first line of a reconnect: the same engine, or a new one whose events go to a source of their own. */
        private void back(String instance, long pid) {
            received = true;
            Instant at = clock.now();
            boolean same = instance != null && instance.equals(engine);
            if (!same) {
                restarts++;
                opened.clear();
                String who = instance == null ? "an engine that does not say which it is"
                        : "a new engine" + (pid < 0 ? "" : " (pid " + pid + ")");
                sink.restarted(name() + ", engine " + (restarts + 1) + " from " + AttachStatus.time(at));
                status.attachedAgain(at, true, who);
            } else {
                status.attachedAgain(at, false, null);
            }
            engine = instance;
            sink.state(status.line());
        }

        @Override
        public void engine(String instance, long pid) {
            if (again && !received) {
                back(instance, pid);
            } else {
                engine = instance;
            }
        }

        @Override
        public void event(TraceEvent event) {
            if (again && !received) {
                back(null, -1);
            }
            if (event instanceof ConnectionOpened && !opened.add(event.connectionId())) {
                return; // the same engine's opening again: its snapshot follows and carries on
            }
            batch.add(event);
            status.connection(event.connectionId());
        }

        @Override
        public void gap(long dropped) {
            if (again && !received) {
                back(null, -1);
            }
            endOfRead();
            status.gap(dropped);
            sink.state(status.line());
            sink.problem("the engine dropped " + dropped + " events for this window (it read too slowly); "
                    + "the views miss them");
        }

        @Override
        public boolean badLine(TraceFormatException problem) {
            if (problem.newerVersion()) {
                endOfRead();
                sink.ended("the engine on " + address + " sends " + problem.detail());
                over = true;
                return false;
            }
            bad.skipped(problem, sink);
            return true;
        }

        @Override
        public void endOfRead() {
            if (!batch.isEmpty() && !closed) {
                status.events += batch.size();
                sink.events(new ArrayList<>(batch));
                sink.state(status.line());
            }
            batch.clear();
        }
    }

    @Override
    public void close() {
        closed = true;
        AttachClient c = client;
        if (c != null) {
            try {
                c.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }
}
