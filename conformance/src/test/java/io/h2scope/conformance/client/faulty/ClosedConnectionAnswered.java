package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Answers in the server's place the requests it leaves unanswered when it closes the connection without GOAWAY: a
 * HEADERS {@code :status 200} with END_STREAM goes to the client, before the close, on every stream the client opened
 * that got no response head and that neither END_STREAM from the server nor RST_STREAM (either side's) has closed.
 */
final class ClosedConnectionAnswered implements Rewrite {

    /** Streams the client opened that the server has not begun to answer (written by both pumps). */
    private final Set<Integer> unanswered = ConcurrentHashMap.newKeySet();
    private volatile boolean goAway;

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.HEADERS)) {
            unanswered.add(f.stream());
        } else if (f.is(FrameType.RST_STREAM)) {
            unanswered.remove(f.stream());
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.GOAWAY)) {
            goAway = true;
        } else if (f.is(FrameType.HEADERS) || f.is(FrameType.DATA) || f.is(FrameType.RST_STREAM)) {
            unanswered.remove(f.stream());
        }
        wire.toClient(f);
    }

    @Override
    public void serverEnded(Wire wire) throws IOException {
        if (!goAway) {
            for (int stream : unanswered) {
                wire.toClient(RawFrame.status200(stream, Flags.END_STREAM | Flags.END_HEADERS));
            }
        }
        unanswered.clear();
    }
}
