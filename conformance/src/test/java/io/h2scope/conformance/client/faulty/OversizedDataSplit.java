package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.settings.SettingId;
import java.io.IOException;
import java.util.Arrays;

/**
 * Splits each unpadded DATA frame of the server's that is longer than the client's SETTINGS_MAX_FRAME_SIZE (as the
 * client's own SETTINGS say it) into DATA frames within it, END_STREAM on the last. The octets and their order stay as
 * the server sent them, so flow control is untouched.
 */
final class OversizedDataSplit implements Rewrite {

    private static final int MAX_FRAME_SIZE = SettingId.MAX_FRAME_SIZE.code();

    private volatile int clientMax = FrameSizes.DEFAULT_MAX_FRAME_SIZE;

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.SETTINGS) && !f.has(Flags.ACK)) {
            for (RawFrame.Setting s : f.settings()) {
                if (s.id() == MAX_FRAME_SIZE) {
                    clientMax = (int) s.value();
                }
            }
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        int max = clientMax;
        if (!f.is(FrameType.DATA) || f.has(Flags.PADDED) || f.payload().length <= max) {
            wire.toClient(f);
            return;
        }
        byte[] p = f.payload();
        for (int at = 0; at < p.length; at += max) {
            int end = Math.min(p.length, at + max);
            int flags = end == p.length ? f.flags() & Flags.END_STREAM : 0;
            wire.toClient(RawFrame.of(FrameType.DATA, flags, f.stream(), Arrays.copyOfRange(p, at, end)));
        }
    }
}
