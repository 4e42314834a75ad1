package io.h2scope.conformance.peer;

import io.h2scope.engine.scripted.Wire;
import java.io.IOException;

/**
 * The peer's wire, keeping what the last read brought: the target's first octets are told apart ({@link FirstAnswer})
 * from the octets themselves, after the observer read them as frames.
 */
final class TappedWire implements Wire {

    private final Wire inner;
    byte[] lastBuffer;
    /** Octets the last read brought; 0 when it brought none (or has not happened since the peer reset it). */
    int lastRead;

    TappedWire(Wire inner) {
        this.inner = inner;
    }

    @Override
    public void write(byte[] octets) throws IOException {
        inner.write(octets);
    }

    @Override
    public int read(byte[] into, long waitNanos) throws IOException {
        int n = inner.read(into, waitNanos);
        lastBuffer = into;
        lastRead = Math.max(0, n);
        return n;
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}
