package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.FrameType;
import java.io.IOException;

/**
 * Ends each response the server began but never finished when the server closes the connection: on every stream
 * whose final response head came and that neither END_STREAM nor RST_STREAM (either side's) has closed, the rest of
 * the response goes to the client before the close ({@link ResponseProgress#complete}: the octets its content-length
 * still lacks, and END_STREAM), so a response cut short looks complete.
 */
final class CutResponseEnded implements Rewrite {

    private final ResponseProgress responses = new ResponseProgress();

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.RST_STREAM)) {
            responses.resetByClient(f.stream());
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        responses.fromServer(f, wire);
    }

    @Override
    public void serverEnded(Wire wire) throws IOException {
        responses.serverEnded(wire);
        for (int stream : responses.begun()) {
            responses.complete(stream, wire);
        }
    }
}
