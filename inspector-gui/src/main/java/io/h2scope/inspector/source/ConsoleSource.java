package io.h2scope.inspector.source;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.console.ConsoleInput;
import io.h2scope.engine.console.ConsoleParser;
import io.h2scope.engine.console.ConsoleSession;
import io.h2scope.engine.scripted.SocketWire;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.ConnectionOrigins;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * The Client tab's "send frame" connection: a console session ({@code h2scope console}'s, the same command words)
 * on its own thread, whose frames both ways go into the window's recording and whose printed lines go to the panel.
 * The frames are built as typed, so this connection can break any rule; the tab's request client stays apart.
 */
public final class ConsoleSource implements TraceSource {

    /** How long connecting and the peer's first frame may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** What {@code wait} without MS waits. */
    private static final Duration DEFAULT_WAIT = Duration.ofSeconds(1);

    private final Target target;
    private final boolean upgrade;
    private final boolean insecure;
    private final Consumer<String> lines;
    private final ConsoleInput input = new ConsoleInput();
    private final QueuedDelivery sink = new QueuedDelivery("h2scope-inspector-console-trace");
    private volatile boolean ended;
    private Thread worker;

    /**
     * @param url     {@code http://} (h2c) or {@code https://} (TLS, ALPN h2)
     * @param upgrade h2c by HTTP/1.1 Upgrade instead of prior knowledge
     * @param lines   what the session prints, one call a line, from the session's thread
     * @throws IllegalArgumentException for a URL that is not http:// or https://, or an upgrade over https
     */
    public ConsoleSource(String url, boolean upgrade, boolean insecure, Consumer<String> lines) {
        this.target = Target.parse(url);
        if (upgrade && target.tls()) {
            throw new IllegalArgumentException("h2c upgrade needs an http:// URL: https:// negotiates HTTP/2 by ALPN");
        }
        this.upgrade = upgrade;
        this.insecure = insecure;
        this.lines = lines;
    }

    @Override
    public String name() {
        return "console " + target.authority();
    }

    /** True when this source talks to {@code url} the way asked. */
    public boolean reaches(String url, boolean upgrade, boolean insecure) {
        return target.url().equals(Target.parse(url).url()) && this.upgrade == upgrade && this.insecure == insecure;
    }

    @Override
    public synchronized void start(SourceSink window) {
        sink.start(window);
        worker = new Thread(() -> converse(window), "h2scope-inspector-console");
        worker.setDaemon(true);
        worker.start();
    }

    private void converse(SourceSink window) {
        try (Socket socket = Peer.openSocket(target, PeerOptions.defaults().withInsecure(insecure)
                .withTimeout(TIMEOUT.dividedBy(2)));
             ConsoleSession session = new ConsoleSession(new SocketWire(socket), ConnectionOrigins.of(socket, upgrade
                     ? ConnectionOrigin.H2C_UPGRADE : ConnectionOrigin.H2C, Instant.now()), lines, window.redaction(), sink,
                     true)) {
            session.start(upgrade ? ConsoleSession.Start.UPGRADE : ConsoleSession.Start.PRIOR_KNOWLEDGE, List.of(),
                    target.authority(), target.path(), TIMEOUT);
            session.converse(input, new ConsoleParser(target.scheme(), target.authority(), DEFAULT_WAIT),
                    error -> lines.accept("error: " + error), Duration.ZERO, Duration.ZERO);
        } catch (HandshakeException e) {
            lines.accept("no HTTP/2 connection: " + e.getMessage()
                    + (e.kind() == HandshakeException.Kind.TLS && !insecure ? " (a self-signed certificate: tick insecure)" : ""));
        } catch (IOException e) {
            lines.accept("no HTTP/2 connection: " + e.getMessage());
        } finally {
            ended = true;
        }
    }

    /** Runs one console line ({@code ping}, {@code headers 1 end}, {@code raw 000000...}) on the connection. */
    public void send(String line) {
        input.line(line);
    }

    /** True once the connection ended (the peer closed it, or it never opened): the next line needs a new source. */
    public boolean ended() {
        return ended;
    }

    @Override
    public void close() {
        input.end();
        Thread t;
        synchronized (this) {
            t = worker;
        }
        if (t != null) {
            try {
                t.join(TIMEOUT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        sink.close();
    }
}
