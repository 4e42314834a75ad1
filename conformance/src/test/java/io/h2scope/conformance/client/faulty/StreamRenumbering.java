package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.FrameType;
import java.io.IOException;
import java.util.function.IntUnaryOperator;

/**
 * Puts the client's streams on other identifiers on the wire, and maps the server's frames back: every frame's stream
 * and a GOAWAY's last stream. Identifiers the client never uses (the server's own, or an idle one above the client's)
 * pass through unchanged in both directions.
 */
final class StreamRenumbering implements Rewrite {

    private final IntUnaryOperator toWire;
    private final IntUnaryOperator fromWire;

    StreamRenumbering(IntUnaryOperator toWire, IntUnaryOperator fromWire) {
        this.toWire = toWire;
        this.fromWire = fromWire;
    }

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        wire.toServer(f.onStream(f.stream() == 0 ? 0 : toWire.applyAsInt(f.stream())));
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        RawFrame back = f.onStream(f.stream() == 0 ? 0 : fromWire.applyAsInt(f.stream()));
        if (f.is(FrameType.GOAWAY) && f.payload().length >= 4) {
            byte[] p = f.payload().clone();
            int last = fromWire.applyAsInt(f.intAt(0));
            p[0] = (byte) (last >>> 24);
            p[1] = (byte) (last >>> 16);
            p[2] = (byte) (last >>> 8);
            p[3] = (byte) last;
            back = back.withPayload(p);
        }
        wire.toClient(back);
    }
}
