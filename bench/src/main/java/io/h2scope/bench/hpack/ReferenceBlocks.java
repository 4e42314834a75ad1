package io.h2scope.bench.hpack;

import io.h2scope.bench.hpack.peer.Field;
import io.h2scope.bench.hpack.peer.HpackPeer;
import java.util.ArrayList;
import java.util.List;

/** The request blocks every decoder is given, and the cross-check of every encoder's output. */
public final class ReferenceBlocks {

    /** The encoder whose blocks the decode benchmarks replay (see {@link HpackBench}). */
    public static final String REFERENCE_ENCODER = "netty";

    private ReferenceBlocks() {
    }

    /** {@link BrowserRequest#FIELDS} sent twice on one fresh connection: the first and the repeated block. */
    public static List<byte[]> browserConnection() {
        HpackPeer reference = HpackPeer.named(REFERENCE_ENCODER);
        HpackPeer.Encoder encoder = reference.newEncoder();
        Object headers = reference.headerSet(BrowserRequest.FIELDS);
        List<byte[]> blocks = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                encoder.encode(headers);
                blocks.add(encoder.lastBlock());
            }
        } catch (Exception e) {
            throw new IllegalStateException(REFERENCE_ENCODER + " failed to encode the browser request", e);
        }
        checkEncoded(REFERENCE_ENCODER, blocks, BrowserRequest.FIELDS);
        return blocks;
    }

    /** Blocks one encoder wrote on one connection decode to {@code expected} with every library's decoder. */
    public static void checkEncoded(String encoder, List<byte[]> blocks, List<Field> expected) {
        for (HpackPeer decoder : HpackPeer.all()) {
            try {
                PeerCheck.connection(decoder, blocks, expected);
            } catch (IllegalStateException e) {
                throw new IllegalStateException("blocks encoded by " + encoder + ": " + e.getMessage(), e);
            }
        }
    }
}
