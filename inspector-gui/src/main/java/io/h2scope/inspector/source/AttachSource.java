package io.h2scope.inspector.source;

import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A running engine's live event stream ({@code H2SCOPE_TRACE_LISTEN}, through {@link AttachClient}): a snapshot of
 * each open connection, then every event, passed on once per read from the socket. Nothing listening, a refused
 * token, a gap (the engine dropped events for this reader) and a socket that dies each give one clear notice; the
 * events so far stay.
 */
public final class AttachSource implements TraceSource {

    private final ListenAddress address;
    private final String token;
    private volatile boolean closed;
    private volatile AttachClient client;
    private volatile Thread thread;

    /** {@code token}: the one the engine printed (TCP), or null. */
    public AttachSource(ListenAddress address, String token) {
        this.address = Objects.requireNonNull(address, "address");
        this.token = token;
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
        Thread t = new Thread(() -> attach(sink), "h2scope-" + name());
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void attach(SourceSink sink) {
        BadLines bad = new BadLines("from " + address);
        List<TraceEvent> batch = new ArrayList<>();
        long[] count = new long[1];
        boolean[] over = new boolean[1];
        try (AttachClient c = AttachClient.connect(address, token)) {
            client = c;
            if (closed) {
                return;
            }
            Attached attached = new Attached(LocalTime.now());
            sink.state(attached.line());
            c.read(new AttachClient.Handler() {
                @Override
                public void event(TraceEvent event) {
                    batch.add(event);
                    attached.connections.add(event.connectionId());
                }

                @Override
                public void gap(long dropped) {
                    endOfRead();
                    attached.dropped += dropped;
                    sink.state(attached.line());
                    sink.problem("the engine dropped " + dropped + " events for this window (it read too slowly); "
                            + "the views miss them");
                }

                @Override
                public boolean badLine(TraceFormatException problem) {
                    if (problem.newerVersion()) {
                        endOfRead();
                        sink.ended("the engine on " + address + " sends " + problem.detail());
                        over[0] = true;
                        return false;
                    }
                    bad.skipped(problem, sink);
                    return true;
                }

                @Override
                public void endOfRead() {
                    if (!batch.isEmpty() && !closed) {
                        count[0] += batch.size();
                        sink.events(new ArrayList<>(batch));
                        attached.events = count[0];
                        sink.state(attached.line());
                    }
                    batch.clear();
                }
            });
            if (!closed && !over[0]) {
                sink.ended("the engine on " + address + " closed the stream after " + count[0] + " events"
                        + bad.summary());
            }
        } catch (AttachException e) {
            if (!closed && !over[0]) {
                sink.ended(e.refused() ? e.getMessage() + "; give the token it printed at start-up" : e.getMessage()
                        + " (the " + count[0] + " events before it are kept)");
            }
        } catch (IOException e) {
            if (!closed) {
                sink.ended(count[0] == 0 && client == null ? e.getMessage()
                        : "the connection to the engine on " + address + " broke (" + e.getMessage() + ") after "
                                + count[0] + " events; they are kept");
            }
        }
    }

    /** What the status line says while attached; the reading thread's own. */
    private final class Attached {
        final String since;
        final Set<Long> connections = new HashSet<>();
        long events;
        long dropped;

        Attached(LocalTime since) {
            this.since = since.format(DateTimeFormatter.ofPattern("HH:mm:ss"));
        }

        String line() {
            return "attached to " + address + " since " + since + ": " + events + " events, " + connections.size()
                    + " connections" + (dropped == 0 ? "" : ", gap of " + dropped + " events")
                    + " (connections closed before the attach are not shown)";
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
