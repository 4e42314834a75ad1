package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.origin.WindowedPeer;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A test intermediary, h2c to h2c, that reads the origin's response as fast as the origin sends it (giving every
 * window back at once) and queues what the client has no window for, without bound: the buffering a slow client must
 * not cause. A writer thread of its own is the only one that sends to the client.
 */
final class HoardingRelay extends LoopbackRelay {

    private static final Duration TURN = Duration.ofMillis(2);
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    /** Ends the writer: an instance of its own, compared by identity. */
    private static final Frame DONE = DataFrame.of(1, new byte[0], false);

    HoardingRelay(int originPort) throws IOException {
        super(originPort, "hoarding-relay");
        startAccepting();
    }

    @Override
    void relay(Socket frontSocket) {
        BlockingQueue<Frame> toClient = new LinkedBlockingQueue<>(); // the hoard: unbounded
        try (frontSocket; Socket originSocket = new Socket(InetAddress.getLoopbackAddress(), originPort)) {
            ScriptedPeer front = acceptFront(frontSocket, PATIENCE);
            Thread writer = new Thread(() -> write(front, toClient), "hoarding-relay-writer");
            writer.setDaemon(true);
            writer.start();
            toClient.add(SettingsFrame.of(List.of()));
            ScriptedPeer origin = greetOrigin(originSocket, PATIENCE);
            WindowedPeer server = new WindowedPeer(origin);
            while (writer.isAlive()) {
                Incoming in = front.next(TURN);
                if (in instanceof Incoming.Closed) {
                    return;
                }
                if (in instanceof Incoming.FrameIn f) {
                    Frame frame = f.frame();
                    if (frame instanceof SettingsFrame s && !s.ack()) {
                        toClient.add(SettingsFrame.ackFrame());
                    } else if (frame instanceof HeadersFrame h && f.fields() != null) {
                        server.open(h.streamId());
                        origin.send(HeadersFrame.of(h.streamId(), origin.encode(f.fields()), h.endStream(), true));
                    }
                }
                in = server.next(TURN);
                if (in instanceof Incoming.Closed) {
                    return;
                }
                if (in instanceof Incoming.FrameIn f) {
                    if (f.frame() instanceof HeadersFrame h && f.fields() != null) {
                        toClient.add(HeadersFrame.of(h.streamId(), front.encode(f.fields()), h.endStream(), true));
                    } else if (f.frame() instanceof DataFrame d) {
                        toClient.add(d); // whatever the client's window: queued here
                    }
                }
            }
        } catch (IOException e) {
            // the case is over
        } finally {
            toClient.add(DONE);
        }
    }

    private static void write(ScriptedPeer front, BlockingQueue<Frame> frames) {
        try {
            for (Frame f = frames.take(); f != DONE; f = frames.take()) {
                front.send(f);
            }
        } catch (IOException | InterruptedException e) {
            // the client went away
        }
    }
}
