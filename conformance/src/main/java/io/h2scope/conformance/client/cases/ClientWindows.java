package io.h2scope.conformance.client.cases;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The client's receive side as the server must respect it: its SETTINGS_MAX_FRAME_SIZE and
 * SETTINGS_INITIAL_WINDOW_SIZE, and the space left in its windows from its WINDOW_UPDATEs and the DATA sent through
 * {@link #send}. Read again from every frame the client has sent so far, each time it is asked.
 */
final class ClientWindows {

    static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    static final int SETTINGS_MAX_FRAME_SIZE = 0x5;
    static final long DEFAULT_WINDOW = 65_535;

    private final ScriptedPeer peer;
    private final Map<Integer, Long> sentOnStream = new HashMap<>();
    private long sentOnConnection;

    ClientWindows(ScriptedPeer peer) {
        this.peer = peer;
    }

    /** The last value of setting {@code id} the client sent, or {@code otherwise}. */
    static long setting(ScriptedPeer peer, int id, long otherwise) {
        long value = otherwise;
        for (Frame f : peer.received()) {
            if (f instanceof SettingsFrame s && !s.ack()) {
                for (RawSetting r : s.settings()) {
                    if (r.id() == id) {
                        value = r.value();
                    }
                }
            }
        }
        return value;
    }

    int maxFrame() {
        return (int) setting(peer, SETTINGS_MAX_FRAME_SIZE, FrameSizes.DEFAULT_MAX_FRAME_SIZE);
    }

    /** Space left in the client's window for {@code stream} (0: the connection's). */
    long space(int stream) {
        long granted = 0;
        for (Frame f : peer.received()) {
            if (f instanceof WindowUpdateFrame w && w.streamId() == stream) {
                granted += w.increment();
            }
        }
        long initial = stream == 0 ? DEFAULT_WINDOW : setting(peer, SETTINGS_INITIAL_WINDOW_SIZE, DEFAULT_WINDOW);
        long sent = stream == 0 ? sentOnConnection : sentOnStream.getOrDefault(stream, 0L);
        return initial + granted - sent;
    }

    /** Sends {@code octets} octets of DATA on {@code stream} in one frame, counted against both windows. */
    void send(int stream, int octets, boolean endStream) throws IOException {
        sentOnStream.merge(stream, (long) octets, Long::sum);
        sentOnConnection += octets;
        peer.send(DataFrame.of(stream, ServerMoves.octets(octets), endStream));
    }

    /** Reads what the client sent meanwhile without waiting; false once the connection has ended. */
    boolean readWaiting() {
        while (true) {
            var in = peer.next(java.time.Duration.ZERO);
            if (in == null) {
                return true;
            }
            if (in instanceof io.h2scope.engine.scripted.Incoming.Closed) {
                return false;
            }
        }
    }
}
