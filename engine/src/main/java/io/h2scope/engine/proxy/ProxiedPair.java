package io.h2scope.engine.proxy;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.http1.Http1ParseException;
import io.h2scope.engine.http1.Http1Request;
import io.h2scope.engine.http1.Http1RequestParser;
import io.h2scope.engine.observer.FirstOctets;
import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.ConnectionOrigins;
import io.h2scope.engine.transport.NioEventLoop;
import io.h2scope.engine.transport.http1.Http1Limits;
import io.h2scope.engine.transport.tls.TlsLayer;
import io.h2scope.engine.transport.tls.TlsPolicy;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLSession;

/**
 * One proxied connection: the client's leg and the upstream's leg, each a connection of its own on the engine's
 * loops, with the bytes read on one written to the other unchanged, as they arrive. Each leg has an
 * {@link Http2Observer}, fed what the leg read and what it wrote through an {@link ObserverFeed} (decoded off the
 * loop, so it never slows the relay), so the recording
 * is a linked pair of connections ({@link ConnectionOpened#pair()}) seen as the proxy sees them: on the client
 * leg the proxy is the server, on the upstream leg the client.
 *
 * <p>A FIN on one leg is a half-close of the other, a reset or failure resets the other, an orderly close
 * closes the other once its output is flushed. The proxy writes bytes of its own only toward a client it cannot
 * relay ({@link Refusals}).
 */
final class ProxiedPair {

    private static final byte[] PREFACE = Preface.bytes();
    private static final int FRAME_HEADER_BYTES = 9;

    private final RecordingProxy proxy;
    private final ProxyConfig config;
    private volatile Upstream target;
    private final long clientId;
    private final long upstreamId;
    /**
     * The client leg's loop, where the upstream leg is dialled too: the relay then hands bytes from one leg to the
     * other on one thread, with no wake-up of another (null: any loop).
     */
    private final NioEventLoop clientLoop;
    final ClientLeg client = new ClientLeg();
    final UpstreamLeg upstream = new UpstreamLeg();
    private final Flow toUpstream;
    private final Flow toClient;
    // guarded by this: client bytes read before the upstream is open, and what happened meanwhile
    private final ArrayDeque<ByteBuffer> early = new ArrayDeque<>();
    private boolean upstreamOpen;
    private boolean earlyEnd;
    private boolean abandoned;
    private ConnectionContext upstreamTcp;
    private CompletableFuture<ConnectionContext> dialled;
    private boolean started;
    private final UpstreamDoor door = new UpstreamDoor(this);

    ProxiedPair(RecordingProxy proxy, Upstream target, long clientId, NioEventLoop clientLoop) {
        this.proxy = proxy;
        this.clientLoop = clientLoop;
        this.config = proxy.config();
        this.target = target;
        this.clientId = clientId;
        this.upstreamId = clientId + 1;
        int cap = config.limits().relayBufferBytes();
        this.toUpstream = new Flow(cap, client, upstream);
        this.toClient = new Flow(cap, upstream, client);
    }

    int relayBufferBytes() {
        return config.limits().relayBufferBytes();
    }

    /**
     * Whether the client began what the proxy relays: the whole connection preface, or the head of an HTTP/1.1
     * {@code Upgrade: h2c} request (the front door's deadline stops there).
     */
    boolean clientBegan() {
        return client.began;
    }

    private String name() {
        return "conn " + clientId + "/" + upstreamId + " (client " + (client.ctx == null ? "?" : client.ctx.remote())
                + ", upstream " + target + ")";
    }

    private void notice(String text) {
        config.notices().accept("h2scope proxy: " + name() + ": " + text);
    }

    // ---------------------------------------------------------------- upstream connect

    /**
     * Dials the upstream's TCP connection (once; later calls return the same future): for CONNECT before its 200,
     * else once the client's preface is in. The connection waits in an {@link UpstreamDoor} until {@link #start}
     * says whether TLS goes over it.
     */
    synchronized CompletableFuture<ConnectionContext> dial() {
        if (dialled == null) {
            // resolving may block: not on the loop, and not in the JVM's common pool, which a busy application (or
            // a test draining a process's output there) can hold for as long as it likes
            dialled = CompletableFuture.supplyAsync(() -> new InetSocketAddress(target.host(), target.port()), proxy.resolver())
                    .thenCompose(address -> clientLoop == null ? proxy.connector().connect(address, door)
                            : proxy.connector().connect(address, door, clientLoop))
                    .whenComplete((tcp, failure) -> {
                        if (failure == null) {
                            synchronized (this) {
                                upstreamTcp = tcp;
                                if (abandoned) {
                                    tcp.abort();
                                }
                            }
                        }
                    });
        }
        return dialled;
    }

    /** The upstream leg starts over the dialled connection: TLS with ALPN h2 first when {@code tls}. */
    void start(boolean tls) {
        synchronized (this) {
            if (started) {
                return;
            }
            started = true;
            target = new Upstream(target.host(), target.port(), tls);
        }
        dial().whenComplete((tcp, failure) -> {
            if (failure != null) {
                client.refuse("the upstream " + target.authority() + " cannot be reached (" + describe(failure) + ")");
            }
        });
        ConnectionHandler handler = upstream;
        if (tls) {
            TlsLayer layer = TlsLayer.client(config.upstreamTls(), target.host(), target.port(), List.of(TlsPolicy.H2),
                    config.verifyUpstreamHostname(), upstream);
            layer.handshake().whenComplete((session, failure) -> {
                if (failure != null) {
                    client.refuse("the TLS handshake with the upstream " + target.authority() + " failed ("
                            + describe(failure) + ")");
                }
            });
            handler = layer;
        }
        door.install(handler);
        long deadline = config.limits().connectTimeout().toMillis() + config.limits().handshakeTimeout().toMillis();
        CompletableFuture.delayedExecutor(deadline, TimeUnit.MILLISECONDS).execute(() -> {
            if (abandon()) {
                client.refuse("the upstream " + target.authority() + " was not ready within " + deadline + " ms"
                        + " (connect and TLS handshake; --connect-timeout, --handshake-timeout)");
            }
        });
    }

    /** Gives up an upstream that is not open yet; true if it was not. */
    private synchronized boolean abandon() {
        if (upstreamOpen || abandoned) {
            return false;
        }
        abandoned = true;
        if (upstreamTcp != null) {
            upstreamTcp.abort();
        }
        return true;
    }

    // ---------------------------------------------------------------- the legs

    /** One side of the pair: what it read goes to the other side, what the other read is written here. */
    abstract class Leg implements ConnectionHandler {
        final String peer;
        volatile ConnectionContext ctx;
        ObserverFeed observer;
        boolean inputDone;
        boolean outputShut;
        volatile boolean closed;
        /** Set when the proxy ends this leg itself: the closed event's reason. */
        String endReason;

        Leg(String peer) {
            this.peer = peer;
        }

        abstract Leg other();

        /** The flow of bytes this leg reads. */
        abstract Flow outgoing();

        /** The flow of bytes written to this leg. */
        abstract Flow incoming();

        /** Whether what this leg reads is the client's (the client leg) rather than the upstream server's. */
        abstract boolean readsClientBytes();

        void recordRead(ByteBuffer bytes) {
            if (observer != null) {
                observer.bytes(bytes, readsClientBytes());
            }
        }

        void recordWritten(ByteBuffer bytes) {
            if (observer != null) {
                observer.bytes(bytes, !readsClientBytes());
            }
        }

        void open(ConnectionContext context, Role role, long id, long pair) {
            ctx = context;
            if (config.sink() == TraceSink.NONE) {
                return; // nothing records: no decoding either, the bytes only pass
            }
            long start = System.nanoTime();
            ConnectionOpened opened = opened(id, role, context, pair, Instant.now()); // the clock of time 0
            TraceSink sink = config.sink();
            observer = new ObserverFeed(() -> new Http2Observer(opened, sink, start), sink, proxy.decoders(),
                    config.limits().observerBacklogBytes());
        }

        /** Records and relays bytes read here. */
        void relayRead(ByteBuffer in) {
            ByteBuffer copy = copyOf(in);
            recordRead(copy);
            forward(copy);
        }

        void forward(ByteBuffer copy) {
            int n = copy.remaining();
            outgoing().read(n);
            other().deliver(copy, n);
            outgoing().afterRead();
        }

        /** From the other leg's thread: write {@code bytes} here, on this leg's thread. */
        void deliver(ByteBuffer bytes, int n) {
            ctx.execute(() -> writeOut(bytes, n));
        }

        void writeOut(ByteBuffer bytes, int n) {
            if (!closed) {
                recordWritten(bytes);
                ctx.write(bytes);
                ctx.flush();
            }
            incoming().drained(n);
        }

        @Override
        public void onWritable() {
            incoming().maybeResume();
        }

        @Override
        public boolean onInputClosed() {
            inputDone = true;
            other().deliverEnd();
            return !outputShut; // both directions done: let the transport close it
        }

        /** From the other leg's thread: its peer sent FIN, so this leg's output ends after what was relayed. */
        void deliverEnd() {
            ctx.execute(this::endOutput);
        }

        void endOutput() {
            if (closed) {
                return;
            }
            outputShut = true;
            if (inputDone) {
                ctx.close();
            } else {
                ctx.shutdownOutput();
            }
        }

        @Override
        public void onClose(Throwable causeOrNull) {
            closed = true;
            String why = endReason != null ? endReason
                    : causeOrNull != null ? "the " + peer + "'s connection failed (" + describe(causeOrNull) + ")"
                    : "closed by the " + peer;
            if (observer != null) {
                observer.finish(why);
            }
            other().mirrorClose(causeOrNull, peer);
        }

        /** From the other leg's thread: it closed ({@code cause} null) or failed; do the same here. */
        void mirrorClose(Throwable cause, String otherPeer) {
            ConnectionContext c = ctx;
            c.execute(() -> {
                if (closed) {
                    return;
                }
                if (cause != null) {
                    endReason = "reset by the proxy: the " + otherPeer + "'s connection failed (" + describe(cause) + ")";
                    c.reset();
                } else {
                    if (endReason == null) {
                        endReason = "closed by the proxy after the " + otherPeer + " closed";
                    }
                    c.close();
                }
            });
        }
    }

    /** The client's side: the proxy is its server. Nothing is dialled before the client's preface is complete. */
    final class ClientLeg extends Leg {
        volatile boolean began;
        private int matched;
        /** The client's HTTP/1.1 request head while it comes: an {@code Upgrade: h2c} is relayed whole (RFC 7540 §3.2). */
        private Http1RequestParser upgradeHead;
        private final byte[] firstBytes = new byte[32];
        private volatile String pendingRefusal;
        // guarded by the pair: what the upstream leg handed over before this leg opened
        private boolean opened;
        private final ArrayDeque<Runnable> beforeOpen = new ArrayDeque<>();
        private boolean refused;

        ClientLeg() {
            super("client");
        }

        @Override
        Leg other() {
            return upstream;
        }

        @Override
        Flow outgoing() {
            return toUpstream;
        }

        @Override
        Flow incoming() {
            return toClient;
        }

        @Override
        boolean readsClientBytes() {
            return true;
        }

        @Override
        public void onOpen(ConnectionContext context) {
            open(context, Role.SERVER, clientId, upstreamId);
            List<Runnable> waiting;
            synchronized (ProxiedPair.this) {
                opened = true;
                waiting = new ArrayList<>(beforeOpen);
                beforeOpen.clear();
            }
            waiting.forEach(Runnable::run);
            if (pendingRefusal != null) {
                refuse(pendingRefusal);
                return;
            }
            if (context.isTls() && !TlsPolicy.H2.equals(context.alpnProtocol().orElse(null))) {
                refused = true;
                String cause = "the client did not choose h2 by ALPN (it chose "
                        + context.alpnProtocol().map(p -> "\"" + p + "\"").orElse("none")
                        + "; RFC 9113 §3.2): the proxy relays HTTP/2 only";
                notice(cause + "; closed");
                endReason = "refused: " + cause;
                context.close();
            }
        }

        @Override
        public void onRead(ByteBuffer in) {
            if (refused) {
                return;
            }
            if (began) {
                relayRead(in);
                return;
            }
            if (upgradeHead != null) {
                upgradeRequest(in);
                return;
            }
            int at = in.position();
            while (matched < PREFACE.length && at < in.limit()) {
                byte b = in.get(at);
                firstBytes[matched] = b;
                if (b != PREFACE[matched]) {
                    if (!target.tls() && Http1RequestParser.mayBeginRequestLine(Arrays.copyOf(firstBytes, matched + 1))) {
                        upgradeHead = new Http1RequestParser(Http1Limits.defaults().maxHeaderBytes());
                        upgradeHead.feed(ByteBuffer.wrap(Arrays.copyOf(PREFACE, matched))); // relayed already
                        upgradeRequest(in);
                        return;
                    }
                    notHttp2(in, at - in.position());
                    return;
                }
                matched++;
                at++;
            }
            relayRead(in);
            if (matched == PREFACE.length) {
                began = true;
                start(target.tls()); // for CONNECT the tunnel's first byte has started it already
            }
        }

        /**
         * An HTTP/1.1 request head, relayed as it comes (to the upstream once dialled): with {@code Upgrade: h2c} the
         * upstream is dialled and everything after is relayed both ways unchanged, the 101 (or a refusal) included;
         * without it, or over the head limit, the client is refused as one that does not speak HTTP/2.
         */
        private void upgradeRequest(ByteBuffer in) {
            java.util.Optional<Http1Request> head;
            try {
                head = upgradeHead.feed(in.duplicate());
            } catch (Http1ParseException e) {
                refuseHttp1("its HTTP/1.1 request cannot be relayed (" + e.getMessage() + ")", in);
                return;
            }
            if (head.isPresent() && !head.get().hasToken("Upgrade", "h2c")) {
                refuseHttp1("its HTTP/1.1 request (" + head.get().method() + " " + head.get().target() + ") does not ask"
                        + " for Upgrade: h2c", in);
                return;
            }
            relayRead(in);
            if (head.isPresent()) {
                began = true;
                upstream.expectHttp1Answer();
                start(false);
            }
        }

        private void refuseHttp1(String why, ByteBuffer in) {
            recordRead(copyOf(in));
            refused = true;
            abandon();
            String cause = "the client sent neither the HTTP/2 connection preface (RFC 9113 §3.4) nor an HTTP/1.1"
                    + " Upgrade: h2c request (RFC 7540 §3.2): " + why;
            notice(cause + "; closed");
            endReason = "refused: " + cause;
            ctx.write(Refusals.http1(505, "HTTP Version Not Supported", "h2scope proxy: " + cause));
            ctx.close();
        }

        /** The client's first bytes are not the HTTP/2 preface: recorded (the observer names the rule), not relayed. */
        private void notHttp2(ByteBuffer in, int checked) {
            int known = matched + 1;
            for (int i = checked + 1; i < in.remaining() && known < firstBytes.length; i++) {
                firstBytes[known++] = in.get(in.position() + i);
            }
            recordRead(copyOf(in));
            refused = true;
            abandon();
            String seen = Refusals.printable(firstBytes, known);
            String cause = "the client did not send the HTTP/2 connection preface (RFC 9113 §3.4; it began with \""
                    + seen + "\"): connect with HTTP/2 prior knowledge (curl --http2-prior-knowledge)"
                    + (config.listenTls() == null ? ", or send CONNECT host:port first" : "");
            notice(cause + "; closed");
            endReason = "refused: " + cause;
            if (seen.matches("[A-Z]+ \\S+ HTTP/1.*")) {
                ctx.write(Refusals.http1(505, "HTTP Version Not Supported", "h2scope proxy: " + cause));
            }
            ctx.close();
        }

        /** The client went away, or was refused, before this leg opened: the dialled upstream is given up. */
        void closedBeforeOpen() {
            synchronized (ProxiedPair.this) {
                if (opened) {
                    return; // this leg's own close mirrors
                }
            }
            if (!abandon() && upstream.ctx != null) {
                upstream.mirrorClose(null, "client");
            }
        }

        /** Whether {@code task} waits for this leg to open (the upstream may answer during the client's TLS handshake). */
        private boolean whenOpen(Runnable task) {
            synchronized (ProxiedPair.this) {
                if (opened) {
                    return false;
                }
                beforeOpen.add(task);
                return true;
            }
        }

        @Override
        void deliver(ByteBuffer bytes, int n) {
            if (!whenOpen(() -> writeOut(bytes, n))) {
                super.deliver(bytes, n);
            }
        }

        @Override
        void deliverEnd() {
            if (!whenOpen(this::endOutput)) {
                super.deliverEnd();
            }
        }

        @Override
        void mirrorClose(Throwable cause, String otherPeer) {
            if (!whenOpen(() -> ClientLeg.super.mirrorClose(cause, otherPeer))) {
                super.mirrorClose(cause, otherPeer);
            }
        }

        /** From any thread: the upstream cannot be relayed to; tell the HTTP/2 client why, once, and close. */
        void refuse(String cause) {
            ConnectionContext c = ctx;
            if (c == null) { // CONNECT: the tunnel has not reached the client leg yet
                pendingRefusal = cause;
                return;
            }
            c.execute(() -> {
                if (refused || closed) {
                    return;
                }
                refused = true;
                notice(cause + "; sent GOAWAY INTERNAL_ERROR to the client and closed");
                endReason = "refused: " + cause;
                ByteBuffer goAway = Refusals.goAway(cause);
                recordWritten(goAway.duplicate());
                c.write(goAway);
                c.close();
            });
        }
    }

    /**
     * The upstream's side: the proxy is its client. Its first frame must be SETTINGS, or it is not HTTP/2; after a
     * relayed {@code Upgrade: h2c} request its answer comes first in HTTP/1.1 and is relayed as it is.
     */
    final class UpstreamLeg extends Leg {
        private final byte[] head = new byte[FRAME_HEADER_BYTES];
        private int headBytes;
        private List<ByteBuffer> held = new ArrayList<>();
        private boolean failed;

        UpstreamLeg() {
            super("upstream");
        }

        /** The client's Upgrade: h2c request went ahead: the upstream answers in HTTP/1.1 first (101 or not). */
        void expectHttp1Answer() {
            held = null;
        }

        @Override
        Leg other() {
            return client;
        }

        @Override
        Flow outgoing() {
            return toClient;
        }

        @Override
        Flow incoming() {
            return toUpstream;
        }

        @Override
        boolean readsClientBytes() {
            return false;
        }

        @Override
        public void onOpen(ConnectionContext context) {
            open(context, Role.CLIENT, upstreamId, clientId);
            if (target.tls() && !TlsPolicy.H2.equals(context.alpnProtocol().orElse(null))) {
                fail("the upstream " + target.authority() + " did not choose h2 by ALPN (it chose "
                        + context.alpnProtocol().map(p -> "\"" + p + "\"").orElse("none")
                        + "; RFC 9113 §3.2): it does not speak HTTP/2 over TLS");
                return;
            }
            int written = 0;
            boolean end;
            synchronized (ProxiedPair.this) {
                if (abandoned) {
                    endReason = "abandoned by the proxy: the client is gone or the upstream was too slow";
                    context.abort();
                    return;
                }
                for (ByteBuffer b = early.poll(); b != null; b = early.poll()) {
                    written += b.remaining();
                    recordWritten(b.duplicate());
                    context.write(b);
                }
                upstreamOpen = true;
                end = earlyEnd;
            }
            context.flush();
            toUpstream.drained(written);
            if (end) {
                endOutput();
            }
        }

        @Override
        void deliver(ByteBuffer bytes, int n) {
            synchronized (ProxiedPair.this) {
                if (!upstreamOpen) {
                    early.add(bytes);
                    return;
                }
            }
            super.deliver(bytes, n);
        }

        @Override
        void deliverEnd() {
            synchronized (ProxiedPair.this) {
                if (!upstreamOpen) {
                    earlyEnd = true;
                    return;
                }
            }
            super.deliverEnd();
        }

        @Override
        void mirrorClose(Throwable cause, String otherPeer) {
            if (abandon()) {
                return; // never opened: nothing to mirror
            }
            if (ctx != null) {
                super.mirrorClose(cause, otherPeer);
            }
        }

        @Override
        public void onRead(ByteBuffer in) {
            if (failed) {
                return;
            }
            if (held == null) {
                relayRead(in);
                return;
            }
            ByteBuffer copy = copyOf(in);
            recordRead(copy.duplicate());
            for (int i = copy.position(); i < copy.limit() && headBytes < FRAME_HEADER_BYTES; i++) {
                head[headBytes++] = copy.get(i);
            }
            held.add(copy);
            if (headBytes < FRAME_HEADER_BYTES) {
                return;
            }
            if (!FirstOctets.serverPrefaceSettings(head)) {
                fail("the upstream " + target.authority() + " does not speak HTTP/2: its first bytes \""
                        + firstBytes() + "\" are not a SETTINGS frame (RFC 9113 §3.4)"
                        + (target.tls() ? "" : "; for an upstream over TLS give https://"));
                return;
            }
            List<ByteBuffer> verified = held;
            held = null;
            verified.forEach(this::forward);
        }

        /** Up to 32 of the bytes held so far, printable. */
        private String firstBytes() {
            ByteArrayOutputStream start = new ByteArrayOutputStream();
            for (ByteBuffer b : held) {
                byte[] some = new byte[Math.min(b.remaining(), 32 - start.size())];
                b.duplicate().get(some);
                start.writeBytes(some);
            }
            return Refusals.printable(start.toByteArray(), start.size());
        }

        /** On this leg's thread: the upstream cannot be relayed to; the client is told, this leg closed. */
        private void fail(String cause) {
            client.refuse(cause);
            endReason = "closed by the proxy: " + cause;
            failed = true;
            ctx.close();
        }
    }

    /** The dialled connection closed before the upstream leg started over it. */
    void lostBeforeStart(Throwable cause) {
        if (abandon()) {
            client.refuse("the upstream " + target.authority() + " closed the connection before HTTP/2 began"
                    + (cause == null ? "" : " (" + describe(cause) + ")"));
        }
    }

    // ---------------------------------------------------------------- back-pressure

    /**
     * One direction's bytes in flight: read from {@code source} and not yet taken by {@code target}'s socket.
     * Past the cap the source stops reading; at half of it the source reads again.
     */
    static final class Flow {
        private final int cap;
        private final Leg source;
        private final Leg target;
        private final AtomicLong inFlight = new AtomicLong();
        private final AtomicBoolean paused = new AtomicBoolean();

        Flow(int cap, Leg source, Leg target) {
            this.cap = cap;
            this.source = source;
            this.target = target;
        }

        void read(int n) {
            inFlight.addAndGet(n);
        }

        /** On the source's thread, after a read was handed on. */
        void afterRead() {
            if (total() > cap && paused.compareAndSet(false, true)) {
                source.ctx.setReading(false);
                maybeResume(); // the target may have drained meanwhile
            }
        }

        void drained(int n) {
            inFlight.addAndGet(-n);
            maybeResume();
        }

        void maybeResume() {
            if (paused.get() && total() <= cap / 2 && paused.compareAndSet(true, false)) {
                ConnectionContext s = source.ctx;
                s.execute(() -> s.setReading(true));
            }
        }

        long total() {
            ConnectionContext t = target.ctx;
            return inFlight.get() + (t == null ? 0 : t.pendingWriteBytes());
        }

        boolean paused() {
            return paused.get();
        }
    }

    // ---------------------------------------------------------------- helpers

    /** The leg's first event: addresses, transport and TLS as the proxy has them, and the other leg's id. */
    private ConnectionOpened opened(long id, Role role, ConnectionContext ctx, long pair, Instant clock) {
        SSLSession session = ctx.sslSession().orElse(null);
        String sni = null;
        if (session != null) {
            sni = role == Role.CLIENT ? target.host() : HostKeyManager.requestedName(session);
        }
        return ConnectionOpened.of(id, 0, role, ConnectionOrigins.of(ctx, ConnectionOrigin.H2C, sni, clock), pair);
    }

    private static ByteBuffer copyOf(ByteBuffer in) {
        ByteBuffer copy = ByteBuffer.allocate(in.remaining());
        copy.put(in).flip();
        return copy;
    }

    static String describe(Throwable failure) {
        Throwable t = failure;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }
}
