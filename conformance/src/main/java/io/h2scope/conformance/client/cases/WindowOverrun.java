package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Sends response DATA until one frame overruns the client's own receive window (a stream's, or the connection's): it
 * fills the window down to less than a frame, waits for the client's WINDOW_UPDATEs to stop, then sends one frame a
 * single octet larger than the space left, so that no update in flight can make it fit.
 */
final class WindowOverrun {

    /** Windows larger than this are not filled (16 MiB of DATA at most per case). */
    static final long LARGEST_FILLED = 1 << 24;

    /** Fill rounds before the case gives up on a client that keeps reopening its window. */
    static final int ROUNDS = 32;

    /** How long the client must be silent before the space left is taken as final. */
    static final Duration SETTLE = Duration.ofMillis(150);

    private WindowOverrun() {
    }

    /** Overruns the window of {@code streams.get(0)} (stream 0: the connection's, over all {@code streams}). */
    static Verdict overrun(ClientStage stage, ScriptedPeer peer, List<Integer> streams, boolean connection)
            throws IOException, InterruptedException {
        ClientWindows windows = new ClientWindows(peer);
        for (int s : streams) {
            peer.headers(s, ServerMoves.OK, false);
        }
        int max = windows.maxFrame();
        for (int round = 0; round < ROUNDS; round++) {
            if (!settle(peer)) {
                return Verdict.inconclusive("a FLOW_CONTROL_ERROR", "the client closed while its window was filled");
            }
            long target = connection ? windows.space(0) : windows.space(streams.get(0));
            if (target > LARGEST_FILLED) {
                return Verdict.skip("the client's " + (connection ? "connection" : "stream") + " window is " + target
                        + " octets: not filled in a case");
            }
            if (target < max) {
                Integer on = null;
                for (int s : streams) {
                    if (windows.space(s) > target && (connection || windows.space(0) > target)) {
                        on = s;
                        break;
                    }
                }
                if (on == null) {
                    return Verdict.skip("the client's other window is smaller: this one cannot be overrun alone");
                }
                windows.send(on, (int) target + 1, false);
                endAll(peer, streams);
                return ClientJudge.enforces(stage, peer, on, connection ? ClientJudge.Scope.CONNECTION
                        : ClientJudge.Scope.STREAM, ErrorCode.FLOW_CONTROL_ERROR);
            }
            long fill = target - (max - 1);
            for (int s : streams) {
                while (fill > 0) {
                    long room = Math.min(Math.min(windows.space(s), windows.space(0)), Math.min(fill, max));
                    if (room <= 0) {
                        break;
                    }
                    windows.send(s, (int) room, false);
                    fill -= room;
                }
            }
            if (fill > 0 && fill == target - (max - 1)) {
                return Verdict.skip("the client's stream windows are used up before its connection window");
            }
        }
        return Verdict.skip("the client kept its window open (it sent WINDOW_UPDATEs as fast as the data came)");
    }

    /** Reads until the client has been silent for {@link #SETTLE}; false when it closed. */
    private static boolean settle(ScriptedPeer peer) {
        while (true) {
            Incoming in = peer.next(SETTLE);
            if (in == null) {
                return true;
            }
            if (in instanceof Incoming.Closed) {
                return false;
            }
        }
    }

    /** Ends every stream, so that a client that took the overrun reports its responses as successes. */
    private static void endAll(ScriptedPeer peer, List<Integer> streams) {
        try {
            for (int s : streams) {
                peer.send(DataFrame.of(s, new byte[0], true));
            }
        } catch (IOException e) {
            // the client closed: judged on what it sent
        }
    }
}
