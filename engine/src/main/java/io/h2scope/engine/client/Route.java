package io.h2scope.engine.client;

import java.net.http.HttpResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The connections to one authority (scheme, host, port) and the requests waiting for a stream on
 * them. A request goes to the ready connection with the fewest streams that is under the peer's
 * SETTINGS_MAX_CONCURRENT_STREAMS (RFC 9113 §5.1.2); when all are full, one more connection is opened
 * (one at a time, up to {@code maxConnectionsPerAuthority}); otherwise it waits here for a slot.
 * A connection counts as ready once the server's first SETTINGS arrived, so its limit is known.
 */
final class Route implements StreamSlots {

    private final ClientRuntime runtime;
    /** The pool this route is one of: an h2c upgrade's OPTIONS request is a task of it, like any. */
    private final ConnectionPool pool;
    private final ConnectionOpener opener;
    final String host;
    final int port;
    final boolean tls;
    private final ArrayDeque<RequestTask<?>> waiting = new ArrayDeque<>();
    private final Set<ClientConnection> pending = new LinkedHashSet<>();
    private final Map<ClientConnection, Slots> ready = new LinkedHashMap<>();

    /** What the route knows about a ready connection. */
    private static final class Slots {
        int active;
        int max;
        boolean accepting = true;

        Slots(int max) {
            this.max = max;
        }
    }

    Route(ClientRuntime runtime, ConnectionPool pool, ConnectionOpener opener, String host, int port, boolean tls) {
        this.runtime = runtime;
        this.pool = pool;
        this.opener = opener;
        this.host = host;
        this.port = port;
        this.tls = tls;
    }

    void submit(RequestTask<?> task) {
        List<Runnable> actions;
        synchronized (this) {
            waiting.addLast(task);
            actions = dispatch();
        }
        runAll(actions);
    }

    /** A task handed back by a connection that could not open its stream keeps its place in line. */
    @Override
    public void submitFirst(RequestTask<?> task) {
        List<Runnable> actions;
        synchronized (this) {
            waiting.addFirst(task);
            actions = dispatch();
        }
        runAll(actions);
    }

    synchronized void remove(RequestTask<?> task) {
        waiting.remove(task);
    }

    @Override
    public void ready(ClientConnection conn, int maxConcurrentStreams) {
        update(() -> {
            if (pending.remove(conn)) {
                Slots slots = new Slots(maxConcurrentStreams);
                slots.active = conn.upgradeStreamLive() ? 1 : 0; // stream 1 of an h2c upgrade counts (RFC 9113 §5.1.2)
                ready.put(conn, slots);
            }
        });
    }

    @Override
    public void capacity(ClientConnection conn, int maxConcurrentStreams) {
        update(() -> {
            Slots s = ready.get(conn);
            if (s != null) {
                s.max = maxConcurrentStreams;
            }
        });
    }

    /** GOAWAY received (live == 0), or the core refused a stream although we counted a free slot. */
    @Override
    public void noMoreStreams(ClientConnection conn, int live) {
        update(() -> {
            Slots s = ready.get(conn);
            if (s != null) {
                if (live == 0) {
                    s.accepting = false;
                } else {
                    s.max = Math.max(1, Math.min(s.max, live));
                }
            }
        });
    }

    @Override
    public void release(ClientConnection conn) {
        update(() -> {
            Slots s = ready.get(conn);
            if (s != null && s.active > 0) {
                s.active--;
            }
        });
    }

    /** The connection closed, or failed to become ready ({@code cause} then fails the waiting requests). */
    @Override
    public void gone(ClientConnection conn, Throwable cause) {
        List<RequestTask<?>> failed = new ArrayList<>();
        List<Runnable> actions;
        synchronized (this) {
            boolean wasPending = pending.remove(conn);
            ready.remove(conn);
            H2cUpgradeRequest upgrade = conn.upgrade();
            if (wasPending && upgrade != null && upgrade.claim()) {
                // no 101: the task never got its stream. Unsent, it waits like the others; sent, the server
                // may have acted on it (or refused the upgrade), so it fails with the cause, never resent
                if (upgrade.isProbe() || upgrade.wasSent()) {
                    failed.add(upgrade.task());
                } else {
                    waiting.addFirst(upgrade.task());
                }
            }
            if (wasPending && pending.isEmpty() && ready.values().stream().noneMatch(s -> s.accepting)) {
                failed.addAll(waiting); // nothing else can serve them: the connect error is their answer
                waiting.clear();
            }
            actions = dispatch();
        }
        Throwable why = cause != null ? cause : new java.io.IOException("connection to " + host + ":" + port
                + " closed before it was ready");
        failed.forEach(t -> t.fail(why));
        runAll(actions);
    }

    synchronized boolean isPending(ClientConnection conn) {
        return pending.contains(conn);
    }

    synchronized List<ClientConnection> connections() {
        List<ClientConnection> all = new ArrayList<>(pending);
        all.addAll(ready.keySet());
        return all;
    }

    /** Open streams per ready connection, for tests and the inspector. */
    synchronized int readyConnections() {
        return ready.size();
    }

    private void update(Runnable change) {
        List<Runnable> actions;
        synchronized (this) {
            change.run();
            actions = dispatch();
        }
        runAll(actions);
    }

    /**
     * Holding the lock, for a new connection: its h2c upgrade (http:// with {@code h2cUpgrade} on), or null.
     * The first waiting request rides the upgrade when it has no body; otherwise OPTIONS does (see
     * {@link H2cUpgradeRequest}), and the request waits for the connection like the others.
     */
    private H2cUpgradeRequest upgradeRequest() {
        if (tls || !runtime.config().h2cUpgrade()) {
            return null;
        }
        String settings = opener.h2cSettingsHeader();
        RequestTask<?> first = waiting.peekFirst();
        if (first != null && H2cUpgradeRequest.canCarry(first.request)) {
            waiting.pollFirst();
            return H2cUpgradeRequest.carrying(first, settings);
        }
        H2Request options = H2cUpgradeRequest.optionsRequest(host, port);
        return H2cUpgradeRequest.probe(new RequestTask<>(options, HttpResponse.BodyHandlers.discarding(), runtime, pool),
                settings);
    }

    @Override
    public RequestTask<byte[]> pushedTask(H2Request promised) {
        return new RequestTask<>(promised, HttpResponse.BodyHandlers.ofByteArray(), runtime, pool);
    }

    /** Holding the lock: assigns waiting tasks to free slots; returns what to run after unlocking. */
    private List<Runnable> dispatch() {
        List<Runnable> actions = null; // made on first use: most calls (a slot released, nothing waiting) have none
        while (!waiting.isEmpty()) {
            if (waiting.peekFirst().isOver()) {
                waiting.pollFirst();
                continue;
            }
            ClientConnection best = null;
            Slots bestSlots = null;
            for (Map.Entry<ClientConnection, Slots> e : ready.entrySet()) {
                Slots s = e.getValue();
                if (s.accepting && s.active < s.max && (bestSlots == null || s.active < bestSlots.active)) {
                    best = e.getKey();
                    bestSlots = s;
                }
            }
            if (best != null) {
                RequestTask<?> task = waiting.pollFirst();
                bestSlots.active++;
                ClientConnection target = best;
                actions = add(actions, () -> target.start(task));
                continue;
            }
            long usable = ready.values().stream().filter(s -> s.accepting).count();
            if (runtime.isClosed()) {
                RequestTask<?> task = waiting.pollFirst();
                actions = add(actions, () -> task.fail(new java.io.IOException("the client is closed")));
                continue;
            }
            if (pending.isEmpty() && usable < runtime.config().maxConnectionsPerAuthority()) {
                ClientConnection conn = new ClientConnection(runtime, this, runtime.nextConnectionId(), upgradeRequest());
                pending.add(conn);
                actions = add(actions, () -> opener.connect(this, conn));
            }
            break;
        }
        return actions == null ? List.of() : actions;
    }

    /** By index: forEach on an empty {@code List.of()} allocates an iterator, and most calls have no action. */
    private static void runAll(List<Runnable> actions) {
        for (int i = 0; i < actions.size(); i++) {
            actions.get(i).run();
        }
    }

    private static List<Runnable> add(List<Runnable> actions, Runnable action) {
        List<Runnable> list = actions == null ? new ArrayList<>(2) : actions;
        list.add(action);
        return list;
    }
}
