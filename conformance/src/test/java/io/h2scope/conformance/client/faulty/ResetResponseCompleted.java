package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Completes, in the server's place, a response the server cut short with RST_STREAM: on a stream whose request the
 * client sent whole and whose response has not ended, a RST_STREAM (but REFUSED_STREAM, which says the request was not
 * processed) becomes the rest of the response ({@link ResponseProgress#complete}).
 */
final class ResetResponseCompleted implements Rewrite {

    /** Streams whose request ended (END_STREAM from the client): the server's reset then cuts only the response. */
    private final Set<Integer> requestSent = ConcurrentHashMap.newKeySet();
    private final ResponseProgress responses = new ResponseProgress();

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if ((f.is(FrameType.HEADERS) || f.is(FrameType.DATA)) && f.has(Flags.END_STREAM)) {
            requestSent.add(f.stream());
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        boolean cutsResponse = f.is(FrameType.RST_STREAM) && f.stream() != 0 && f.payload().length == 4
                && requestSent.contains(f.stream()) && !responses.ended(f.stream())
                && f.intAt(0) != ErrorCode.REFUSED_STREAM.code();
        if (cutsResponse) {
            responses.complete(f.stream(), wire);
        } else {
            responses.fromServer(f, wire);
        }
    }
}
