package io.h2scope.conformance.intermediary;

import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.trace.model.TraceSink;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A test intermediary's listener on loopback: each connection accepted is handed to {@link #relay} on a thread of its
 * own, toward the origin at {@link #originPort}; closing stops accepting and closes every connection accepted.
 */
abstract class LoopbackRelay implements AutoCloseable {

    final int originPort;
    private final ServerSocket listener;
    private final String name;
    private final List<Socket> open = new ArrayList<>();

    LoopbackRelay(int originPort, String name) throws IOException {
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.originPort = originPort;
        this.name = name;
    }

    /** Starts accepting: called by a subclass once its own fields are set, so a connection never sees them unset. */
    final void startAccepting() {
        Thread t = new Thread(this::acceptLoop, name);
        t.setDaemon(true);
        t.start();
    }

    final int port() {
        return listener.getLocalPort();
    }

    /** The front connection's server side, the client's preface read. */
    static ScriptedPeer acceptFront(Socket front, Duration patience) throws IOException {
        ScriptedPeer peer = ScriptedPeer.server(front, TraceSink.NONE).patience(patience);
        peer.readPreface();
        return peer;
    }

    /** The origin connection's client side, the preface and an empty SETTINGS sent. */
    static ScriptedPeer greetOrigin(Socket origin, Duration patience) throws IOException {
        ScriptedPeer peer = ScriptedPeer.client(origin, TraceSink.NONE).patience(patience);
        peer.sendPreface();
        peer.send(SettingsFrame.of(List.of()));
        return peer;
    }

    /** Serves one front connection; it owns the socket and closes it. */
    abstract void relay(Socket front);

    private void acceptLoop() {
        while (true) {
            try {
                Socket s = listener.accept();
                synchronized (open) {
                    open.add(s);
                }
                Thread t = new Thread(() -> relay(s), name + "-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    @Override
    public final void close() throws IOException {
        listener.close();
        synchronized (open) {
            for (Socket s : open) {
                s.close();
            }
        }
    }
}
