package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.client.drive.ClientTask;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One client case's stage: a listener of its own on loopback, the client under test told to fetch from it, and the
 * scripted server that plays the case's part on the connection the client opens (h2c with prior knowledge).
 */
public final class ClientStage implements AutoCloseable {

    private final ClientUnderTest client;
    private final Duration timeout;
    private final ServerSocket listener;
    private final List<ScriptedPeer> peers = new ArrayList<>();
    private CompletableFuture<List<ClientOutcome>> fetching;

    ClientStage(ClientUnderTest client, Duration timeout) throws IOException {
        this.client = client;
        this.timeout = timeout;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    /** The URL of {@code path} on this stage's listener. */
    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort() + path);
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
        ClientTask task = new ClientTask(requests, Connect.PRIOR_KNOWLEDGE, null, timeout);
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

    /**
     * The server side of the next connection the client opens, its preface read.
     *
     * @throws ClientNeverConnectedException when no connection comes within the case's timeout
     */
    public ScriptedPeer accept() throws IOException {
        listener.setSoTimeout((int) timeout.toMillis());
        try {
            ScriptedPeer peer = ScriptedPeer.server(listener.accept(), io.h2scope.engine.trace.model.TraceSink.NONE)
                    .patience(timeout);
            peers.add(peer);
            peer.readPreface();
            return peer;
        } catch (SocketTimeoutException e) {
            throw new ClientNeverConnectedException("the client never connected to 127.0.0.1:" + listener.getLocalPort()
                    + " within " + timeout.toMillis() + " ms: does its command use {url}?");
        }
    }

    /** What the client reported for each request, once it has finished (stopped at the timeout if it has not). */
    public List<ClientOutcome> outcomes() throws InterruptedException {
        try {
            return fetching.get(timeout.toMillis() + 10_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the client driver did not report: " + e, e);
        }
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

    @Override
    public void close() throws IOException {
        closePeers();
        listener.close();
    }
}
