package io.h2scope.engine.console;

import io.h2scope.engine.observer.FirstOctets;
import io.h2scope.engine.scripted.Wire;

import java.io.IOException;

/** A wire that keeps the first octets the peer sent, so the console can say what a peer that is no HTTP/2 sent. */
final class RecordingWire implements Wire {

    private final Wire wire;
    private final byte[] first = new byte[64];
    private int firstLength;

    RecordingWire(Wire wire) {
        this.wire = wire;
    }

    @Override
    public void write(byte[] octets) throws IOException {
        wire.write(octets);
    }

    @Override
    public int read(byte[] into, long waitNanos) throws IOException {
        int n = wire.read(into, waitNanos);
        if (n > 0 && firstLength < first.length) {
            int kept = Math.min(n, first.length - firstLength);
            System.arraycopy(into, 0, first, firstLength, kept);
            firstLength += kept;
        }
        return n;
    }

    /** How many of the peer's first octets are kept. */
    int firstLength() {
        return firstLength;
    }

    /** What the first octets are, once there are enough to tell (or {@code ended}: all there will be). */
    FirstOctets.Kind kind(boolean ended) {
        return firstLength >= FirstOctets.DECISIVE || ended && firstLength > 0 ? FirstOctets.of(first, firstLength) : null;
    }

    /** The first octets in a phrase: {@code an HTTP/1 status line "HTTP/1.1 400 Bad Request"}. */
    String describe() {
        return FirstOctets.describe(first, firstLength);
    }

    @Override
    public void close() throws IOException {
        wire.close();
    }
}
