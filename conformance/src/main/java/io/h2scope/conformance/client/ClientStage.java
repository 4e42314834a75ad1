package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.client.drive.ClientTask;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.peer.EntryDirection;
import io.h2scope.conformance.peer.Evidence;
import io.h2scope.conformance.peer.NoHttp2;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.scripted.SocketWire;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.ConnectionOrigins;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One client case's stage: a listener of its own on loopback, the client under test told to fetch from it, and the
 * scripted server that plays the case's part on the connection the client opens: h2c with prior knowledge, h2c
 * through an HTTP/1.1 Upgrade, or TLS with ALPN h2 and a certificate from the run's authority.
 */
public final class ClientStage implements AutoCloseable {

    private final ClientUnderTest client;
    private final Duration timeout;
    private final Connect connect;
    private final RunCertificates tls;
    private final ServerSocket listener;
    private final List<ScriptedPeer> peers = new ArrayList<>();
    /** Connections that completed TLS without choosing h2, each as its opening (no HTTP/2 followed). */
    private final List<TraceEntry> handshakes = new ArrayList<>();
    /** Each peer's exchange, in the order of {@link #peers}. */
    private final List<Evidence> exchanges = new ArrayList<>();
    /** Connection ids of the stages' peers: unique in a run, so that one case's connections are told apart. */
    private static final AtomicLong CONNECTION_IDS = new AtomicLong();
    /** Peers of upgraded connections whose stream 1 (the upgraded request) no case has claimed yet. */
    private final Set<ScriptedPeer> upgradedRequestPending = new HashSet<>();
    private boolean connected;
    private final List<UpgradeRequestHead> upgradeRequests = new ArrayList<>();
    /** The HTTP/1.1 heads both ways before any HTTP/2 (the Upgrade requests and the server's answers), in order. */
    private final List<TraceEntry> http1Heads = new ArrayList<>();
    private CompletableFuture<List<ClientOutcome>> fetching;

    /** How often a wait for the client's connection looks whether the client has ended without one. */
    private static final int LOOK_MILLIS = 50;

    ClientStage(ClientUnderTest client, Duration timeout) throws IOException {
        this(client, timeout, Connect.PRIOR_KNOWLEDGE, null);
    }

    /** @param tls the run's certificates; needed for {@link Connect#TLS} */
    ClientStage(ClientUnderTest client, Duration timeout, Connect connect, RunCertificates tls) throws IOException {
        if (connect == Connect.TLS && tls == null) {
            throw new IllegalArgumentException("a TLS stage needs the run's certificates");
        }
        this.client = client;
        this.timeout = timeout;
        this.connect = connect;
        this.tls = tls;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    /** The URL of {@code path} on this stage's listener. */
    public URI url(String path) {
        return URI.create(connect.scheme() + "://" + RunCertificates.HOST + ":" + listener.getLocalPort() + path);
    }

    /** Tells the client to fetch {@code paths}, at once when there are several; returns without waiting. */
    public void start(String... paths) {
        List<ClientRequest> requests = new ArrayList<>();
        for (String p : paths) {
            requests.add(ClientRequest.get(url(p)));
        }
        start(requests);
    }

    /**
     * Tells the client to make {@code requests} (at once when there are several); returns without waiting. The client
     * runs on a thread of its own, so a blocking client never holds a shared pool's thread.
     */
    public void start(List<ClientRequest> requests) {
        ClientTask task = new ClientTask(requests, connect, tls == null ? null : tls.caFile(), timeout);
        CompletableFuture<List<ClientOutcome>> future = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                future.complete(client.fetch(task));
            } catch (InterruptedException e) {
                future.completeExceptionally(e);
            } catch (RuntimeException | Error e) {
                future.completeExceptionally(e);
            }
        }, "client-under-test");
        runner.setDaemon(true);
        runner.start();
        fetching = future;
    }

    /** How long the case waits for the client: to connect, to send, to finish. */
    public Duration timeout() {
        return timeout;
    }

    /** Whether the client has reported on every request (or failed to run). */
    public boolean clientFinished() {
        return fetching != null && fetching.isDone();
    }

    /** The HTTP/1.1 requests the client opened its Upgrades with, in order (on an Upgrade stage). */
    public List<UpgradeRequestHead> upgradeRequests() {
        return List.copyOf(upgradeRequests);
    }

    /** How the client connects on this stage. */
    public Connect connect() {
        return connect;
    }

    /** Whether the client opened any connection to this stage. */
    boolean connected() {
        return connected;
    }

    /**
     * The server side of the next connection the client opens, made HTTP/2 the stage's way (the TLS handshake with
     * ALPN h2, or the Upgrade answered with 101), its preface read.
     *
     * @throws ClientNeverConnectedException when no connection comes within the case's timeout, or the client ended
     *                                       without one
     */
    public ScriptedPeer accept() throws IOException {
        Socket socket = acceptSocket();
        Socket wire = socket;
        boolean upgraded = false;
        try {
            if (connect == Connect.TLS) {
                SSLSocket secured = tls.serve(socket, p -> p.setApplicationProtocols(new String[] {"h2"}));
                if (!"h2".equals(secured.getApplicationProtocol())) {
                    throw new IOException("the client did not ask for h2 by ALPN (it asked for "
                            + (secured.getApplicationProtocol() == null || secured.getApplicationProtocol().isEmpty()
                            ? "no protocol" : secured.getApplicationProtocol()) + ")");
                }
                wire = secured;
            } else if (connect == Connect.UPGRADE) {
                readUpgradeRequest(socket);
                answerHttp1(socket, Http1Side.switchingProtocols(Http1Side.H2C_SWITCH));
                upgraded = true;
            }
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        if (upgraded) {
            ScriptedPeer peer = recorded(wire, ConnectionOrigin.H2C_UPGRADE);
            upgradedRequestPending.add(peer);
            peer.readPreface();
            return peer;
        }
        return speak(wire);
    }

    /**
     * The next connection, its HTTP/1.1 Upgrade to h2c read (it is evidence, and {@link #upgradeRequests}), not yet
     * answered: for a case that answers it wrongly ({@link #answerHttp1}).
     *
     * @throws ClientNeverConnectedException when no connection comes within the case's timeout, or the client ended
     *                                       without one
     */
    public Socket acceptUpgradeRequest() throws IOException {
        Socket socket = acceptSocket();
        try {
            readUpgradeRequest(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        return socket;
    }

    private void readUpgradeRequest(Socket socket) throws IOException {
        UpgradeRequestHead request = UpgradeRequestHead.read(socket);
        upgradeRequests.add(request);
        http1Heads.add(new TraceEntry(0, EntryDirection.IN, "HTTP/1.1 " + request));
        if (!request.upgradesToH2c()) {
            throw new IOException("the client's HTTP/1.1 request does not ask for an h2c Upgrade: " + request);
        }
    }

    /** Writes the server's HTTP/1.1 answer {@code text} (head, and body if any) and keeps it as evidence. */
    public void answerHttp1(Socket socket, String text) throws IOException {
        http1Heads.add(new TraceEntry(0, EntryDirection.OUT, "HTTP/1.1 answer: " + Http1Side.printable(
                text.replace("\r\n", " | ").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))));
        Http1Side.write(socket.getOutputStream(), text);
    }

    /**
     * The TCP connection the client opens next, as it is: for a case that plays the start of the connection itself
     * (an Upgrade answered wrongly, TLS without h2).
     *
     * @throws ClientNeverConnectedException when no connection comes within the case's timeout, or the client ended
     *                                       without one
     */
    public Socket acceptSocket() throws IOException {
        long deadline = System.nanoTime() + client.connectWait(timeout).toNanos();
        listener.setSoTimeout(LOOK_MILLIS);
        boolean ended = false;
        while (true) {
            try {
                Socket socket = listener.accept();
                socket.setSoTimeout((int) timeout.toMillis());
                connected = true;
                return socket;
            } catch (SocketTimeoutException e) {
                if (ended) {
                    throw neverConnected(true); // one more look after the client ended found no connection
                }
                ended = client.reportsBack() && clientFinished();
                if (System.nanoTime() - deadline > 0) {
                    throw neverConnected(false);
                }
            }
        }
    }

    /** The next connection as the server's side of TLS with parameters of the case's ({@code tune}), handshake done. */
    public SSLSocket acceptTls(Consumer<SSLParameters> tune) throws IOException {
        if (tls == null) {
            throw new IllegalStateException("a TLS case runs on a TLS stage");
        }
        Socket socket = acceptSocket();
        SSLSocket secured;
        try {
            secured = tls.serve(socket, tune);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        String alpn = secured.getApplicationProtocol();
        if (!"h2".equals(alpn)) {
            // no HTTP/2 will follow: the handshake's outcome (version, suite, ALPN) is the connection's whole exchange
            handshakes.add(NoHttp2.tls(CONNECTION_IDS.incrementAndGet(), Role.SERVER, secured, null));
        }
        return secured;
    }

    /** The server's side of HTTP/2 over a connection the case opened itself ({@link #acceptTls}), the preface read. */
    public ScriptedPeer speak(Socket wire) throws IOException {
        ScriptedPeer peer = recorded(wire, ConnectionOrigin.H2C);
        peer.readPreface();
        return peer;
    }

    /**
     * The server's side of {@code wire}, its exchange recorded in memory as a server case's peer records its own
     * ({@link Evidence}: every frame both ways and every rule broken, as trace events), so the case's exchange can be
     * opened in the inspector. {@code cleartext}: how a connection without TLS reached HTTP/2.
     */
    private ScriptedPeer recorded(Socket wire, String cleartext) throws IOException {
        long startNanos = System.nanoTime();
        Evidence evidence = new Evidence(startNanos);
        // the script reads and writes on the scripted peer itself: which side broke a rule is not known here
        evidence.feeding(EntryDirection.NOTE, false);
        ConnectionOpened opened = ConnectionOpened.of(CONNECTION_IDS.incrementAndGet(), 0, Role.SERVER,
                ConnectionOrigins.of(wire, cleartext, Instant.now()));
        ScriptedPeer peer = ScriptedPeer.over(new SocketWire(wire), opened, evidence, startNanos).patience(timeout);
        peers.add(peer);
        exchanges.add(evidence);
        return peer;
    }

    /**
     * The stream of the client's next request: stream 1 on an upgraded connection the first time (the Upgrade request
     * itself, RFC 7540 §3.2), else as {@link ServerPart#request}.
     */
    public int request(ScriptedPeer peer) throws IOException {
        if (upgradedRequestPending.remove(peer)) {
            return 1;
        }
        return ServerPart.request(peer);
    }

    /** The client's next request answered with an ordinary response, as {@link ServerPart#serve}. */
    public int serve(ScriptedPeer peer) throws IOException {
        int stream = request(peer);
        if (stream > 0) {
            ServerPart.respond(peer, stream);
        }
        return stream;
    }

    private ClientNeverConnectedException neverConnected(boolean clientEnded) {
        String how = "";
        if (clientEnded) {
            try {
                List<ClientOutcome> outcomes = outcomes();
                ClientOutcome first = outcomes.get(0);
                if (first.kind() == ClientOutcome.Kind.NOT_STARTED) {
                    return new ClientNeverConnectedException("the client could not be started: " + first.detail(), true);
                }
                how = " (it ended: " + first + ")";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IllegalStateException e) {
                how = " (" + e.getMessage() + ")";
            }
        } else if (client.reportsBack()) {
            // a client that hangs is told apart from one that ended without connecting (a served one is only waited for)
            how = " (it was still running after " + client.connectWait(timeout).toMillis() + " ms, not connected)";
        }
        return new ClientNeverConnectedException("the client never connected to " + RunCertificates.HOST + ":"
                + listener.getLocalPort() + ": does the command use {url}?" + how, false);
    }

    /**
     * The server side of a connection the client opens within {@code wait}, its preface read; null when none comes.
     * For a case where the client may or may not open another connection (a retry after GOAWAY or REFUSED_STREAM).
     */
    public ScriptedPeer acceptWithin(Duration wait) throws IOException {
        listener.setSoTimeout((int) Math.max(1, wait.toMillis()));
        java.net.Socket socket;
        try {
            socket = listener.accept();
        } catch (SocketTimeoutException e) {
            return null;
        }
        ScriptedPeer peer = recorded(socket, ConnectionOrigin.H2C);
        peer.readPreface();
        return peer;
    }

    /** What the client reported for each request, once it has finished (stopped at the timeout if it has not). */
    public List<ClientOutcome> outcomes() throws InterruptedException {
        try {
            return fetching.get(timeout.toMillis() + 10_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the client driver did not report: " + e, e);
        }
    }

    /**
     * What a verdict on this stage rests on: how the client was told to connect, every frame both ways on each
     * connection (as the scripted server's observer read them, with their trace events: {@link Evidence}), and what
     * the client reported per request.
     */
    List<TraceEntry> evidence() {
        List<TraceEntry> lines = new ArrayList<>();
        lines.add(new TraceEntry(0, EntryDirection.NOTE, "the client connects by " + connect + " to " + url("/")));
        lines.addAll(http1Heads);
        lines.addAll(handshakes);
        for (int i = 0; i < peers.size(); i++) {
            lines.add(new TraceEntry(0, EntryDirection.NOTE, "connection " + (i + 1)));
            lines.addAll(exchanges.get(i).entries());
        }
        if (clientFinished() && !fetching.isCompletedExceptionally()) {
            fetching.join().forEach(o -> lines.add(new TraceEntry(0, EntryDirection.NOTE, "the client reported: " + o)));
        }
        return lines;
    }

    /** Ends the server's side: the client sees its connections close. */
    void closePeers() {
        for (ScriptedPeer p : peers) {
            try {
                p.close();
            } catch (IOException e) {
                // the client may have closed first
            }
        }
    }

    /**
     * Ends the case: the server's side closed, then the client awaited (a command still running at its timeout is
     * killed with its process tree by then), so that no client outlives its case.
     */
    @Override
    public void close() throws IOException {
        closePeers();
        listener.close();
        if (fetching != null && client.reportsBack()) {
            try {
                fetching.get(timeout.toMillis() + 10_000, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // the driver failed or overran: what the case saw stands
            }
        }
    }
}
