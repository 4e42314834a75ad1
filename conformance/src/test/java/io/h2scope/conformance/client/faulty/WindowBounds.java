package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps the client's send windows within 2^31-1 (RFC 9113 §6.9.1): counts each window as the server's increments less
 * the client's DATA, and drops a WINDOW_UPDATE that would raise one above the maximum, or removes from a SETTINGS the
 * SETTINGS_INITIAL_WINDOW_SIZE above the maximum (§6.5.2) or whose change would raise a stream's window there
 * (§6.9.2).
 */
final class WindowBounds implements Rewrite {

    private static final long MAX_WINDOW = Integer.MAX_VALUE;
    private static final long DEFAULT_WINDOW = io.h2scope.engine.flow.FlowWindow.DEFAULT_INITIAL_SIZE;
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = io.h2scope.engine.settings.SettingId.INITIAL_WINDOW_SIZE.code();

    /** The windows the client sends in, by stream (0: the connection's). */
    private final Map<Integer, Long> windows = new ConcurrentHashMap<>();
    private volatile long initial = DEFAULT_WINDOW;

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.HEADERS)) {
            windows.putIfAbsent(f.stream(), initial);
        } else if (f.is(FrameType.DATA)) {
            long length = f.payload().length;
            windows.compute(f.stream(), (s, w) -> (w == null ? initial : w) - length);
            windows.compute(0, (s, w) -> (w == null ? DEFAULT_WINDOW : w) - length);
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.WINDOW_UPDATE) && f.payload().length == 4) {
            long increment = ByteBuffer.wrap(f.payload()).getInt() & 0x7fff_ffffL;
            long start = f.stream() == 0 ? DEFAULT_WINDOW : initial;
            if (windows.getOrDefault(f.stream(), start) + increment > MAX_WINDOW) {
                return;
            }
            windows.compute(f.stream(), (s, w) -> (w == null ? start : w) + increment);
        } else if (f.is(FrameType.SETTINGS) && !f.has(Flags.ACK) && f.payload().length % 6 == 0) {
            f = f.withPayload(withinBounds(f));
        }
        wire.toClient(f);
    }

    /**
     * The payload of {@code settings} without an initial window size above the maximum, or one that would raise a stream's window above
     * it.
     */
    private byte[] withinBounds(RawFrame settings) {
        List<RawFrame.Setting> kept = new ArrayList<>();
        for (RawFrame.Setting s : settings.settings()) {
            if (s.id() == SETTINGS_INITIAL_WINDOW_SIZE) {
                long delta = s.value() - initial;
                boolean overflows = s.value() > MAX_WINDOW || windows.entrySet().stream()
                        .anyMatch(e -> e.getKey() != 0 && e.getValue() + delta > MAX_WINDOW);
                if (overflows) {
                    continue;
                }
                initial = s.value();
                windows.replaceAll((id, w) -> id == 0 ? w : w + delta);
            }
            kept.add(s);
        }
        return RawFrame.settingsPayload(kept);
    }
}
