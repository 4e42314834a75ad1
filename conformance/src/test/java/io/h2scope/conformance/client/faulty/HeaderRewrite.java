package io.h2scope.conformance.client.faulty;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderSink;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Rewrites the field blocks of the client's requests: each is decoded with the client's dynamic table, changed, and
 * sent on as one HEADERS of literals without indexing (so the server's table stays empty and the blocks stay
 * independent of each other), after the dynamic table size updates the client put first, unless the fault drops them.
 */
final class HeaderRewrite implements Rewrite {

    /** The dynamic table size both ends start with (RFC 9113 §6.5.2). */
    private static final int INITIAL_TABLE = 4096;

    private final UnaryOperator<List<HeaderField>> change;
    private final boolean keepSizeUpdates;
    private final HpackDecoder decoder = new HpackDecoder(INITIAL_TABLE, Long.MAX_VALUE, 1 << 20);
    private RawFrame opening;
    private byte[] priority;
    private final ByteArrayOutputStream block = new ByteArrayOutputStream();

    HeaderRewrite(UnaryOperator<List<HeaderField>> change, boolean keepSizeUpdates) {
        this.change = change;
        this.keepSizeUpdates = keepSizeUpdates;
        decoder.setMaxTableSize(1 << 20); // whatever the server allows: the client's own size updates say it
    }

    @Override
    public void fromClient(RawFrame f, Wire wire) throws IOException {
        if (f.is(FrameType.HEADERS)) {
            byte[] p = f.payload();
            int start = f.has(Flags.PADDED) ? 1 : 0;
            int end = p.length - (f.has(Flags.PADDED) ? p[0] & 0xff : 0);
            priority = f.has(Flags.PRIORITY) ? Arrays.copyOfRange(p, start, start + 5) : new byte[0];
            start += priority.length;
            opening = f;
            block.reset();
            block.write(p, start, end - start);
        } else if (f.is(FrameType.CONTINUATION) && opening != null) {
            block.writeBytes(f.payload());
        } else {
            wire.toServer(f);
            return;
        }
        if (f.has(Flags.END_HEADERS)) {
            wire.toServer(rewritten());
            opening = null;
        }
    }

    private RawFrame rewritten() throws IOException {
        List<HeaderField> fields = new ArrayList<>();
        List<Integer> sizeUpdates = new ArrayList<>();
        try {
            decoder.decode(block.toByteArray(), new HeaderSink() {
                @Override
                public void onHeader(String name, String value, Representation rep, boolean huffmanName,
                        boolean huffmanValue) {
                    fields.add(new HeaderField(name, value));
                }

                @Override
                public void onTableSizeUpdate(int newMaxSize) {
                    sizeUpdates.add(newMaxSize);
                }
            });
        } catch (HpackException e) {
            throw new IOException("the client's field block does not decode: " + e.getMessage(), e);
        }
        HpackWriter out = new HpackWriter(new HpackOutput());
        if (keepSizeUpdates) {
            sizeUpdates.forEach(out::encodeSizeUpdate);
        }
        for (HeaderField field : change.apply(fields)) {
            out.encodeLiteral(field.name(), field.value(), Representation.LITERAL_NOT_INDEXED, false);
        }
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        payload.writeBytes(priority);
        payload.writeBytes(out.output().toByteArray());
        int flags = opening.flags() & (Flags.END_STREAM | Flags.PRIORITY) | Flags.END_HEADERS;
        return RawFrame.of(FrameType.HEADERS, flags, opening.stream(), payload.toByteArray());
    }
}
