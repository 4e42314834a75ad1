package io.h2scope.engine.transport;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A listening socket: accepts on one loop of the group and spreads the connections over all loops.
 * Each connection gets a fresh handler from the factory (for TLS and h2c, see {@code ServerProtocols}).
 */
public final class NioServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");
    private static final int MAX_ACCEPTS_PER_WAKEUP = 64;
    private static final InetAddress UNKNOWN_CLIENT = InetAddress.getLoopbackAddress();
    /**
     * Loaded with the listener, not on first use: a shed is first needed when descriptors are out, and loading a class
     * from a directory takes one.
     */
    private static final List<Class<?>> LOADED_EARLY = List.of(OldestIdle.class, ConnectionAdmission.Refusal.class);

    private final NioEventLoopGroup group;
    private final boolean ownsGroup;
    private final ServerSocketChannel serverChannel;
    private final InetSocketAddress localAddress;
    private final Supplier<? extends ConnectionHandler> handlers;
    private final NioEventLoop acceptLoop;
    private final Set<NioConnection> connections = ConcurrentHashMap.newKeySet();
    private final AcceptLimits limits;
    private final ConnectionAdmission admission;
    private final IntervalLog refusals;
    private final IntervalLog sheds;
    /** The connections of each client address, for shedding the oldest idle one of an address at its cap. */
    private final ConcurrentHashMap<InetAddress, Set<NioConnection>> byAddress = new ConcurrentHashMap<>();
    /**
     * Connections shed and not closed yet: each newcomer admitted for one holds a descriptor before the shed one
     * gives its own back, so at most half the descriptor reserve may be in flight; past it accepting pauses (newcomers
     * wait in the backlog) until one has closed.
     */
    private final AtomicInteger pendingSheds = new AtomicInteger();
    private final int maxPendingSheds;
    private final AtomicLong shedTotal = new AtomicLong();
    /** Accepting paused until a shed connection closes: set by the acceptor, cleared by whoever resumes it. */
    private final AtomicBoolean waitingForSheds = new AtomicBoolean();
    private volatile SelectionKey acceptKey;
    private final IntervalLog acceptFailures;
    private volatile boolean stopped;
    private volatile boolean finished;

    private NioServer(NioEventLoopGroup group, boolean ownsGroup, ServerSocketChannel serverChannel,
                      Supplier<? extends ConnectionHandler> handlers, AcceptLimits limits, LogLines logLines)
            throws IOException {
        this.group = group;
        this.limits = limits;
        this.admission = new ConnectionAdmission(descriptorCap(limits), limits.maxConnectionsPerAddress());
        long interval = limits.logInterval().toNanos();
        this.refusals = new IntervalLog(logLines.out(), interval, logLines.clock());
        this.sheds = new IntervalLog(logLines.out(), interval, logLines.clock());
        this.maxPendingSheds = Math.max(1, limits.descriptorReserve() / 2);
        this.acceptFailures = new IntervalLog(logLines.out(), interval, logLines.clock());
        this.ownsGroup = ownsGroup;
        this.serverChannel = serverChannel;
        this.localAddress = (InetSocketAddress) serverChannel.getLocalAddress();
        this.handlers = handlers;
        this.acceptLoop = group.next();
    }

    /** Binds on a shared group (port 0: an ephemeral port, see {@link #port()}); the group outlives the server. */
    public static NioServer bind(NioEventLoopGroup group, InetSocketAddress address,
                                 Supplier<? extends ConnectionHandler> handlers) throws IOException {
        return open(group, false, address, handlers, AcceptLimits.DEFAULTS, LogLines.WARNINGS);
    }

    /** {@link #bind(NioEventLoopGroup, InetSocketAddress, Supplier)} with connection caps and accept back-off of its own. */
    public static NioServer bind(NioEventLoopGroup group, InetSocketAddress address,
                                 Supplier<? extends ConnectionHandler> handlers, AcceptLimits limits) throws IOException {
        return open(group, false, address, handlers, Objects.requireNonNull(limits, "limits"), LogLines.WARNINGS);
    }

    /** Where the listener's interval-limited lines go and the clock that spaces them: a test's virtual one. */
    record LogLines(Consumer<String> out, LongSupplier clock) {
        static final LogLines WARNINGS = new LogLines(line -> LOG.log(System.Logger.Level.WARNING, line), System::nanoTime);
    }

    /** {@link #bind(NioEventLoopGroup, InetSocketAddress, Supplier, AcceptLimits)} with the log lines to {@code lines}. */
    static NioServer bind(NioEventLoopGroup group, InetSocketAddress address, Supplier<? extends ConnectionHandler> handlers,
                          AcceptLimits limits, LogLines lines) throws IOException {
        return open(group, false, address, handlers, limits, lines);
    }

    /** Starts a group of its own from {@code config} and binds; {@link #stop} ends the group's threads too. */
    public static NioServer start(TransportConfig config, InetSocketAddress address,
                                  Supplier<? extends ConnectionHandler> handlers) throws IOException {
        NioEventLoopGroup group = new NioEventLoopGroup(config);
        try {
            return open(group, true, address, handlers, AcceptLimits.DEFAULTS, LogLines.WARNINGS);
        } catch (IOException | RuntimeException e) {
            group.shutdownGracefully(Duration.ZERO);
            throw e;
        }
    }

    private static NioServer open(NioEventLoopGroup group, boolean ownsGroup, InetSocketAddress address,
                                  Supplier<? extends ConnectionHandler> handlers, AcceptLimits limits, LogLines lines)
            throws IOException {
        Objects.requireNonNull(handlers, "handlers");
        String where = address.getHostString() + ":" + address.getPort();
        if (address.isUnresolved()) { // bind would throw UnresolvedAddressException, with no message
            throw new UnknownHostException("cannot resolve '" + address.getHostString()
                    + "', the address to listen on (unknown host)");
        }
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            try {
                channel.bind(address, 1024); // bound here, on the caller's thread: bind errors surface to the caller
            } catch (BindException e) { // the JDK's message names no address
                BindException named = new BindException("cannot listen on " + where + ": " + e.getMessage());
                named.initCause(e);
                throw named;
            }
            channel.configureBlocking(false);
            primeSocketClose();
            NioServer server = new NioServer(group, ownsGroup, channel, handlers, limits, lines);
            server.registerAcceptor();
            return server;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * The JDK sets up its socket-close machinery (sun.nio.ch.FileDispatcherImpl, which needs a descriptor of
     * its own) on the first socket close. If that first close happens while descriptors are exhausted the
     * class fails to initialise for good and the loop dies on its next close; closing one socket now, while
     * descriptors are free, rules that out.
     */
    private static void primeSocketClose() throws IOException {
        SocketChannel.open().close();
    }

    private void registerAcceptor() throws IOException {
        CompletableFuture<Void> registered = new CompletableFuture<>();
        acceptLoop.execute(() -> {
            try {
                acceptLoop.register(serverChannel, SelectionKey.OP_ACCEPT, new Acceptor());
                registered.complete(null);
            } catch (IOException | RuntimeException e) {
                registered.completeExceptionally(e);
            }
        });
        try {
            registered.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException("cannot register acceptor", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while registering acceptor", e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IOException("acceptor registration timed out", e);
        }
    }

    public InetSocketAddress localAddress() {
        return localAddress;
    }

    /** The bound port: the actual one when bound to port 0. */
    public int port() {
        return localAddress.getPort();
    }

    /** Connections currently open on this server. */
    public int connectionCount() {
        return connections.size();
    }

    /** Connections closed at accept because a cap of {@link AcceptLimits} was reached, since start. */
    public long refusedCount() {
        return refusals.total();
    }

    /** Idle connections closed to make room for a new one at a cap, since start. */
    public long shedCount() {
        return shedTotal.get();
    }

    /** The total connection cap in force: maxConnections, or the descriptor limit less the reserve when lower. */
    public int connectionCap() {
        return admission.maxTotal();
    }

    /**
     * {@code maxConnections}, or fewer when the process's descriptor limit leaves less room: the limit less the
     * descriptors open now (the JVM's own) less {@code descriptorReserve}, so that accept never finds none left.
     */
    static int descriptorCap(AcceptLimits limits) {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            long room = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount() - limits.descriptorReserve();
            return (int) Math.max(1, Math.min(limits.maxConnections(), room));
        }
        return limits.maxConnections();
    }

    /** Times accept failed (e.g. EMFILE), since start; each failure pauses accepting for the retry delay. */
    public long acceptFailureCount() {
        return acceptFailures.total();
    }

    /** Stops accepting new connections; open ones go on (a graceful shutdown's first step). */
    public void stopAccepting() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            acceptLoop.execute(this::closeServerChannel);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            closeServerChannel();
        }
    }

    /**
     * Orderly stop: stops accepting, asks every connection to close (pending output is flushed),
     * aborts those still open at the deadline and, for a server started with its own group, ends
     * the loop threads.
     *
     * @return true if everything closed within {@code grace}
     */
    public boolean stop(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        if (finished) {
            return connections.isEmpty();
        }
        finished = true;
        stopAccepting();
        if (ownsGroup) {
            return group.shutdownGracefully(grace);
        }
        connections.forEach(NioConnection::close);
        while (!connections.isEmpty() && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(5); // waiting on other threads' closes; bounded by the deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        boolean clean = connections.isEmpty();
        connections.forEach(NioConnection::abort);
        return clean;
    }

    @Override
    public void close() {
        stop(group.config().closeFlushTimeout());
    }

    private void closeServerChannel() {
        try {
            serverChannel.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing listener: " + e);
        }
    }

    private void accepted(SocketChannel channel) {
        InetAddress client = clientAddress(channel);
        ConnectionAdmission.Refusal refusal = admission.admit(client);
        if (refusal != null) {
            NioConnection victim = oldestIdle(refusal.perAddress() ? byAddress.get(client) : connections);
            if (victim == null) {
                tellLater(refusals, refusals.record("refusing connections from accept (every connection has a "
                        + "stream in flight, or is being shed already): " + refusal.reason()));
                closeQuietly(channel);
                return;
            }
            tellLater(sheds, sheds.record(refusal.reason() + "; shedding the oldest idle connection for a new one: "
                    + shed(victim)));
            admission.admitOver(client);
        }
        NioEventLoop loop = group.next();
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, group.config().tcpNoDelay());
            ConnectionHandler handler = Objects.requireNonNull(handlers.get(), "handler factory gave null");
            NioConnection connection = new NioConnection(loop, channel, handler, closed -> {
                if (closed.shedding && pendingSheds.decrementAndGet() < maxPendingSheds
                        && waitingForSheds.compareAndSet(true, false)) {
                    acceptLoop.execute(this::resumeAccepting);
                }
                connections.remove(closed);
                byAddress.computeIfPresent(client, (a, set) -> {
                    set.remove(closed);
                    return set.isEmpty() ? null : set;
                });
                admission.release(client);
            });
            connection.activity(new ConnectionActivity());
            connections.add(connection);
            // Added inside compute: a set fetched first could be emptied and unmapped by a close in between,
            // and the connection added to it would never be found for a shed at its address's cap.
            byAddress.compute(client, (a, set) -> {
                Set<NioConnection> of = set == null ? ConcurrentHashMap.newKeySet() : set;
                of.add(connection);
                return of;
            });
            loop.execute(connection::start);
        } catch (IOException | RuntimeException e) {
            admission.release(client);
            LOG.log(System.Logger.Level.WARNING, "dropping accepted connection", e);
            closeQuietly(channel);
        }
    }

    /** The connection idle the longest among {@code candidates} not being shed already, or null. */
    private static NioConnection oldestIdle(Set<NioConnection> candidates) {
        return candidates == null ? null : OldestIdle.pick(candidates, NioConnection::activity, c -> !c.shedding);
    }

    /** Ends {@code victim} to make room (GOAWAY NO_ERROR first for HTTP/2); returns which it was, for the log line. */
    private String shed(NioConnection victim) {
        victim.shedding = true;
        pendingSheds.incrementAndGet();
        shedTotal.incrementAndGet();
        long idleMs = (System.nanoTime() - victim.activity().idleSinceNanos()) / 1_000_000;
        victim.shed();
        return victim.remote() + ", idle " + idleMs + " ms";
    }

    private static InetAddress clientAddress(SocketChannel channel) {
        try {
            if (channel.getRemoteAddress() instanceof InetSocketAddress remote) {
                return remote.getAddress();
            }
        } catch (IOException e) {
            // already reset by the peer: counted under a placeholder address, released as usual
        }
        return UNKNOWN_CLIENT;
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
    }

    /** A burst held back from the log is told one interval after its last line, even when nothing follows it. */
    private void tellLater(IntervalLog log, boolean firstHeldBack) {
        if (firstHeldBack && !stopped) {
            acceptLoop.schedule(log::flush, log.intervalNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Accept failed, typically EMFILE: the pending connection stays in the backlog, so the key stays ready and
     * retrying at once would spin the loop. Accepting pauses for the retry delay instead, and the failure is
     * logged at most once per interval.
     */
    private void pauseAccepting(SelectionKey key, IOException cause) {
        NioConnection victim = oldestIdle(connections); // a descriptor for the retry, when an idle connection holds one
        tellLater(acceptFailures, acceptFailures.record("accept failed: " + cause.getMessage() + "; not accepting for "
                + limits.acceptRetryDelay().toMillis() + " ms, then retrying"
                + (victim == null ? "" : "; shedding the oldest idle connection: " + shed(victim))));
        key.interestOps(0);
        acceptLoop.schedule(() -> {
            if (!stopped && key.isValid()) {
                key.interestOps(SelectionKey.OP_ACCEPT);
            }
        }, limits.acceptRetryDelay().toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * On the accept loop, before an accept: when as many sheds are closing as the reserve allows, accepting pauses
     * until one has closed, so that a burst of newcomers waits in the backlog rather than being refused. True: paused.
     */
    private boolean pauseForSheds(SelectionKey key) {
        if (pendingSheds.get() < maxPendingSheds) {
            return false;
        }
        key.interestOps(0);
        waitingForSheds.set(true);
        if (pendingSheds.get() < maxPendingSheds && waitingForSheds.compareAndSet(true, false)) {
            key.interestOps(SelectionKey.OP_ACCEPT); // one closed in between: its close saw no pause to end
            return false;
        }
        return true;
    }

    private void resumeAccepting() {
        SelectionKey key = acceptKey;
        if (!stopped && key != null && key.isValid()) {
            key.interestOps(SelectionKey.OP_ACCEPT);
        }
    }

    private final class Acceptor implements SelectionHandler {
        @Override
        public void onSelected(SelectionKey key) {
            acceptKey = key;
            for (int i = 0; i < MAX_ACCEPTS_PER_WAKEUP && !stopped; i++) {
                if (pauseForSheds(key)) {
                    return;
                }
                SocketChannel channel;
                try {
                    channel = serverChannel.accept();
                } catch (IOException e) {
                    pauseAccepting(key, e);
                    return;
                }
                if (channel == null) {
                    return;
                }
                accepted(channel);
            }
        }

        @Override
        public void abortOnShutdown() {
            closeServerChannel();
        }
    }
}
