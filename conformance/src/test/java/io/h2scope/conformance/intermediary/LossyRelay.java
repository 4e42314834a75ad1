package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.origin.WindowedPeer;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;

/**
 * A test intermediary, h2c to h2c, that forwards each stream's frames (one origin connection per front connection)
 * but loses what the end-to-end cases look for: the origin's reset becomes END_STREAM (a truncated body handed over
 * as complete), the client's reset never reaches the origin, the response's trailers are dropped, and the
 * origin's GOAWAY closes the front connection at once. Bodies still pass whole.
 */
final class LossyRelay extends LoopbackRelay {

    private static final Duration TURN = Duration.ofMillis(2);
    private static final Duration PATIENCE = Duration.ofSeconds(10);


    LossyRelay(int originPort) throws IOException {
        super(originPort, "lossy-relay");
        startAccepting();
    }


    /** One thread turns between both ends, so that each {@link WindowedPeer} is only ever used by it. */
    @Override
    void relay(Socket frontSocket) {
        try (frontSocket; Socket originSocket = new Socket(InetAddress.getLoopbackAddress(), originPort)) {
            ScriptedPeer front = acceptFront(frontSocket, PATIENCE);
            front.send(SettingsFrame.of(List.of()));
            ScriptedPeer origin = greetOrigin(originSocket, PATIENCE);
            WindowedPeer client = new WindowedPeer(front);
            WindowedPeer server = new WindowedPeer(origin);
            boolean headSent = false;
            while (true) {
                Incoming in = client.next(TURN);
                if (in instanceof Incoming.Closed) {
                    return;
                }
                if (in instanceof Incoming.FrameIn f) {
                    Frame frame = f.frame();
                    if (frame instanceof HeadersFrame h && f.fields() != null) {
                        if (!headSent) {
                            client.open(h.streamId());
                            server.open(h.streamId());
                        }
                        origin.send(HeadersFrame.of(h.streamId(), origin.encode(f.fields()), h.endStream(), true));
                        headSent = true;
                    } else if (frame instanceof DataFrame d) {
                        server.sendData(d.streamId(), d.data(), 0, d.data().length, d.endStream(), PATIENCE);
                    } // the client's RST_STREAM: lost
                }
                in = server.next(TURN);
                if (in instanceof Incoming.Closed) {
                    return;
                }
                if (in instanceof Incoming.FrameIn f) {
                    Frame frame = f.frame();
                    if (frame instanceof HeadersFrame h && f.fields() != null) {
                        boolean trailers = f.fields().stream().noneMatch(x -> x.name().equals(":status"));
                        front.send(trailers ? DataFrame.of(h.streamId(), new byte[0], true)
                                : HeadersFrame.of(h.streamId(), front.encode(f.fields()), h.endStream(), true));
                    } else if (frame instanceof DataFrame d) {
                        client.sendData(d.streamId(), d.data(), 0, d.data().length, d.endStream(), PATIENCE);
                    } else if (frame instanceof RstStreamFrame r) {
                        front.send(DataFrame.of(r.streamId(), new byte[0], true)); // the cut made to look complete
                    } else if (frame instanceof GoAwayFrame) {
                        return; // in-flight streams lost
                    }
                }
            }
        } catch (IOException e) {
            // the case is over
        }
    }
}
