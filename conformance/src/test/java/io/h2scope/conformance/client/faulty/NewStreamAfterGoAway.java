package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import java.io.IOException;

/**
 * Opens one more stream on a connection the server has sent GOAWAY on, as the client: once the client has shown that
 * it read the GOAWAY (the first PING ACK it sends after it), a GET of / on the next odd stream goes to the server, its
 * fields literals without indexing (neither HPACK table changes), and the server's frames on that stream are dropped.
 */
final class NewStreamAfterGoAway implements Rewrite {

    private volatile int highestClientStream;
    private volatile boolean goawayRead;
    private volatile int opened;

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.HEADERS)) {
            highestClientStream = Math.max(highestClientStream, f.stream());
        }
        wire.toServer(f);
        if (goawayRead && opened == 0 && f.is(FrameType.PING) && f.has(Flags.ACK)) {
            opened = highestClientStream + 2;
            HpackWriter block = new HpackWriter(new HpackOutput());
            block.encodeLiteral(":method", "GET", Representation.LITERAL_NOT_INDEXED, false)
                    .encodeLiteral(":scheme", "http", Representation.LITERAL_NOT_INDEXED, false)
                    .encodeLiteral(":authority", "127.0.0.1", Representation.LITERAL_NOT_INDEXED, false)
                    .encodeLiteral(":path", "/", Representation.LITERAL_NOT_INDEXED, false);
            wire.toServer(RawFrame.of(FrameType.HEADERS, Flags.END_HEADERS | Flags.END_STREAM, opened,
                    block.output().toByteArray()));
        }
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.GOAWAY) && f.stream() == 0) {
            goawayRead = true;
        }
        if (opened == 0 || f.stream() != opened) {
            wire.toClient(f);
        }
    }
}
