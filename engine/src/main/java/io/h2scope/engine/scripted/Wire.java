package io.h2scope.engine.scripted;

import java.io.IOException;

/**
 * The octets between a {@link ScriptedPeer} and the other side: a socket ({@link SocketWire}), or a connection under
 * test driven in memory (the core's byte-level tests give it its input and drain its output).
 */
public interface Wire {

    /** Hands {@code octets} to the other side, all of them. */
    void write(byte[] octets) throws IOException;

    /**
     * Octets the other side sent, waiting at most {@code waitNanos} (0: only what is there now).
     *
     * @return how many octets went into {@code into}; 0 when none came within the wait; -1 once the other side ended
     * @throws java.net.SocketException when the connection was reset
     */
    int read(byte[] into, long waitNanos) throws IOException;

    void close() throws IOException;
}
