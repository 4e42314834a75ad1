package io.h2scope.bench.hpack;

import io.h2scope.bench.hpack.HpackCorpus.Case;
import io.h2scope.bench.hpack.HpackCorpus.Story;
import io.h2scope.bench.hpack.peer.Field;
import io.h2scope.bench.hpack.peer.HpackPeer;
import java.util.HexFormat;
import java.util.List;

/**
 * Proves, once per benchmark fork and before anything is measured, that a library decodes what the
 * benchmark feeds it correctly: a benchmark of a failing decode is worthless.
 */
public final class PeerCheck {

    private PeerCheck() {
    }

    /** Every story decodes, case by case, to its expected header list. */
    public static void corpus(HpackPeer peer, List<Story> stories) {
        for (Story story : stories) {
            HpackPeer.Decoder decoder = peer.newDecoder(story.maxTableSize());
            for (Case c : story.cases()) {
                if (c.tableSize() != HpackCorpus.UNCHANGED) {
                    decoder.maxTableSize(c.tableSize());
                }
                Object decoded;
                try {
                    decoded = decoder.decodeForCheck(peer.input(c.wire()));
                } catch (Exception e) {
                    throw new IllegalStateException(peer.name() + " failed on " + story + " seqno " + c.seqno()
                            + ": " + e, e);
                }
                String where = story + " seqno " + c.seqno();
                String rejection = peer.rejection(decoded);
                if (rejection == null) {
                    same(peer, where, c.headers(), peer.fields(decoded));
                } else if (!hasConnectionSpecificField(c.headers())) {
                    throw new IllegalStateException(peer.name() + " rejected " + where + ": " + rejection);
                }
            }
        }
    }

    /** One connection: the blocks decode in order, each to {@code expected}. */
    public static void connection(HpackPeer peer, List<byte[]> blocks, List<Field> expected) {
        HpackPeer.Decoder decoder = peer.newDecoder(HpackPeer.DEFAULT_TABLE_SIZE);
        for (int i = 0; i < blocks.size(); i++) {
            byte[] block = blocks.get(i);
            String where = "block " + i + " (" + HexFormat.of().formatHex(block) + ")";
            Object decoded;
            try {
                decoded = decoder.decodeForCheck(peer.input(block));
            } catch (Exception e) {
                throw new IllegalStateException(peer.name() + " failed on " + where + ": " + e, e);
            }
            String rejection = peer.rejection(decoded);
            if (rejection != null) {
                throw new IllegalStateException(peer.name() + " rejected " + where + ": " + rejection);
            }
            same(peer, where, expected, peer.fields(decoded));
        }
    }

    /** How many corpus blocks {@code peer} decodes but refuses (see {@link HpackPeer#rejection}). */
    public static int rejectedBlocks(HpackPeer peer, List<Story> stories) {
        int rejected = 0;
        for (Story story : stories) {
            HpackPeer.Decoder decoder = peer.newDecoder(story.maxTableSize());
            for (Case c : story.cases()) {
                if (c.tableSize() != HpackCorpus.UNCHANGED) {
                    decoder.maxTableSize(c.tableSize());
                }
                try {
                    rejected += peer.rejection(decoder.decodeForCheck(peer.input(c.wire()))) == null ? 0 : 1;
                } catch (Exception e) {
                    throw new IllegalStateException(peer.name() + " failed on " + story + " seqno " + c.seqno(), e);
                }
            }
        }
        return rejected;
    }

    /** RFC 9113 §8.2.2: HTTP/2 does not use connection-specific header fields (connection, keep-alive, ...). */
    static boolean hasConnectionSpecificField(List<Field> fields) {
        for (Field f : fields) {
            switch (f.name()) {
                case "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade" -> {
                    return true;
                }
                case "te" -> {
                    if (!f.value().equals("trailers")) {
                        return true;
                    }
                }
                default -> {
                }
            }
        }
        return false;
    }

    private static void same(HpackPeer peer, String where, List<Field> expected, List<Field> actual) {
        List<Field> want = Field.comparable(expected);
        List<Field> got = Field.comparable(actual);
        if (!want.equals(got)) {
            throw new IllegalStateException(peer.name() + " decoded " + where + " wrongly:\n  expected " + want
                    + "\n  actual   " + got);
        }
    }
}
