package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import java.io.IOException;

/**
 * Puts the server's field blocks back in sequence (RFC 9113 §6.2, §6.10), so that the client never sees a block
 * broken: a frame of another type arriving inside a block is preceded by an empty CONTINUATION with END_HEADERS on
 * the block's stream (which ends it and adds no field), and a CONTINUATION outside a block, or on another stream than
 * the open block's, is dropped. Every fragment the server sent goes on as it came, so both HPACK tables stay alike.
 */
final class ContinuationRepair implements Rewrite {

    /** The stream of the field block the server has opened and not ended, or 0 when none is open. */
    private int open;

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.CONTINUATION)) {
            if (open != 0 && f.stream() == open) {
                wire.toClient(f);
                ended(f);
            }
            return;
        }
        if (open != 0) {
            wire.toClient(RawFrame.of(FrameType.CONTINUATION, Flags.END_HEADERS, open, new byte[0]));
            open = 0;
        }
        wire.toClient(f);
        if (f.is(FrameType.HEADERS) || f.is(FrameType.PUSH_PROMISE)) {
            open = f.stream();
            ended(f);
        }
    }

    private void ended(RawFrame f) {
        if (f.has(Flags.END_HEADERS)) {
            open = 0;
        }
    }
}
