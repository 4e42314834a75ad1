package io.h2scope.engine.testsupport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

/** Loopback ports for tests that start a real server process. */
public final class LocalPorts {

    private LocalPorts() {
    }

    /** A port free on 127.0.0.1 a moment ago (the process started next binds it). */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Waits up to {@link Await#PATIENCE} until something accepts connections on 127.0.0.1:{@code port}. */
    public static void awaitPort(int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Await.PATIENCE.toNanos();
        while (true) {
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }
}
