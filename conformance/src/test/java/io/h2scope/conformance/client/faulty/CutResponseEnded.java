package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ends each response the server began but never finished when the server closes the connection: an empty DATA with
 * END_STREAM goes to the client on every stream whose response head came whole and that neither END_STREAM nor
 * RST_STREAM (either side's) has closed, so a response cut short looks complete.
 */
final class CutResponseEnded implements Rewrite {

    /** Streams with a whole response head from the server and no end yet (written by both pumps). */
    private final Set<Integer> begun = ConcurrentHashMap.newKeySet();

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.RST_STREAM)) {
            begun.remove(f.stream());
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        boolean headEnds = (f.is(FrameType.HEADERS) || f.is(FrameType.CONTINUATION)) && f.has(Flags.END_HEADERS);
        if (headEnds && f.stream() != 0) {
            begun.add(f.stream());
        }
        if ((f.is(FrameType.HEADERS) || f.is(FrameType.DATA)) && f.has(Flags.END_STREAM)
                || f.is(FrameType.RST_STREAM)) {
            begun.remove(f.stream());
        }
        wire.toClient(f);
    }

    @Override
    public void serverEnded(Wire wire) throws IOException {
        for (int stream : begun) {
            wire.toClient(RawFrame.of(FrameType.DATA, Flags.END_STREAM, stream, new byte[0]));
        }
        begun.clear();
    }
}
