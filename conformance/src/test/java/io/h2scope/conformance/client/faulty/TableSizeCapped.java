package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.settings.SettingId;
import java.io.IOException;
import java.util.Arrays;

/**
 * Lowers each dynamic table size update at the start of the server's field blocks that is above the client's
 * SETTINGS_HEADER_TABLE_SIZE (and within 2^31-1) (as the client's own SETTINGS say it) to that limit; the rest of the block goes on as it
 * came. Only unpadded HEADERS without priority that hold a whole block are looked at (the cases' blocks are).
 */
final class TableSizeCapped implements Rewrite {

    private static final int HEADER_TABLE_SIZE = SettingId.HEADER_TABLE_SIZE.code();
    /** RFC 7541 §6.3: a size update starts with the bits 001 and carries a 5-bit prefix integer. */
    private static final int SIZE_UPDATE_MASK = 0xe0;
    private static final int SIZE_UPDATE = 0x20;
    private static final int PREFIX_BITS = 5;
    private static final int PREFIX_MAX = (1 << PREFIX_BITS) - 1;

    private volatile long clientLimit = 4096;

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.SETTINGS) && !f.has(Flags.ACK)) {
            for (RawFrame.Setting s : f.settings()) {
                if (s.id() == HEADER_TABLE_SIZE) {
                    clientLimit = s.value();
                }
            }
        }
        wire.toServer(f);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        boolean whole = f.is(FrameType.HEADERS) && f.has(Flags.END_HEADERS) && !f.has(Flags.PADDED)
                && !f.has(Flags.PRIORITY);
        wire.toClient(whole ? f.withPayload(capped(f.payload())) : f);
    }

    /** The block with its leading size updates capped at the client's limit, or as it came if none is above it. */
    private byte[] capped(byte[] block) {
        HpackWriter out = new HpackWriter(new HpackOutput());
        boolean changed = false;
        int at = 0;
        while (at < block.length && (block[at] & SIZE_UPDATE_MASK) == SIZE_UPDATE) {
            long value = block[at] & PREFIX_MAX;
            int next = at + 1;
            if (value == PREFIX_MAX) { // RFC 7541 §5.1: continuation octets, 7 bits each, least significant first
                value = 0;
                int shift = 0;
                do {
                    if (next >= block.length || shift > 56) {
                        return block; // a broken integer: an HPACK case's, passed on as it came
                    }
                    value |= (long) (block[next] & 0x7f) << shift;
                    shift += 7;
                } while ((block[next++] & 0x80) != 0);
                value += PREFIX_MAX;
            }
            if (value > Integer.MAX_VALUE) {
                return block; // an integer that wraps at 32 bits is another case's fault (RFC 7541 §5.1)
            }
            changed |= value > clientLimit;
            out.encodeInteger(SIZE_UPDATE, PREFIX_BITS, Math.min(value, clientLimit));
            at = next;
        }
        if (!changed) {
            return block;
        }
        out.encodeRaw(Arrays.copyOfRange(block, at, block.length));
        return out.output().toByteArray();
    }
}
