package io.h2scope.engine.scripted;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

/** A {@link Wire} over a blocking socket (plain TCP, or TLS the caller set up). */
public final class SocketWire implements Wire {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public SocketWire(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    @Override
    public void write(byte[] octets) throws IOException {
        out.write(octets);
        out.flush();
    }

    @Override
    public int read(byte[] into, long waitNanos) throws IOException {
        // a socket timeout of 0 means forever: the shortest wait a socket knows is 1 ms
        socket.setSoTimeout((int) Math.max(1, Duration.ofNanos(waitNanos).toMillis()));
        try {
            return in.read(into);
        } catch (SocketTimeoutException e) {
            return 0;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
