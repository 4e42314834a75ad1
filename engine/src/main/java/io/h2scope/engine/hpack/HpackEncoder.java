package io.h2scope.engine.hpack;

import java.util.List;

/**
 * Encodes header lists into header blocks for one direction of one connection (RFC 7541). Looks each field
 * up in the static table, then in the dynamic table (hashed), and otherwise sends a literal as its
 * {@link IndexingPolicy} decides; fields marked {@link HeaderField#neverIndex()} are always never-indexed
 * literals. Steady-state encoding allocates nothing. Not thread-safe.
 */
public final class HpackEncoder {

    private final DynamicTable table;
    private final int ownLimit;
    private final IndexingPolicy policy;
    private final HuffmanMode huffmanMode;

    /** Table size changes not yet signalled: the smallest and the last (RFC 7541 §4.2), or -1. */
    private int pendingMin = -1;
    private int pendingLast = -1;

    /** Default policy, Huffman when shorter. */
    public HpackEncoder(int maxTableSize) {
        this(maxTableSize, IndexingPolicy.defaults(), HuffmanMode.SHORTEST);
    }

    /**
     * @param maxTableSize initial dynamic table size, the one the peer's decoder starts with (4096 in HTTP/2);
     *                     also the most this encoder uses however much the peer allows, to bound its memory
     */
    public HpackEncoder(int maxTableSize, IndexingPolicy policy, HuffmanMode huffmanMode) {
        if (maxTableSize < 0) {
            throw new IllegalArgumentException("negative table size " + maxTableSize);
        }
        this.table = new DynamicTable(maxTableSize, true);
        this.ownLimit = maxTableSize;
        this.policy = policy;
        this.huffmanMode = huffmanMode;
    }

    /**
     * The peer's SETTINGS_HEADER_TABLE_SIZE changed. The encoder uses {@code min(peerSetting, own limit)}
     * and signals it at the start of the next block.
     */
    public void setMaxTableSize(int peerSetting) {
        if (peerSetting < 0) {
            throw new IllegalArgumentException("negative table size " + peerSetting);
        }
        int newSize = Math.min(peerSetting, ownLimit);
        if (pendingMin < 0 && newSize == table.maxSize()) {
            return;
        }
        pendingMin = pendingMin < 0 ? newSize : Math.min(pendingMin, newSize);
        pendingLast = newSize;
    }

    /** Read-only view of the encoder's dynamic table. */
    public DynamicTable dynamicTable() {
        return table;
    }

    /**
     * Encodes one header block, appended to {@code out}.
     *
     * @throws IllegalArgumentException if a name or value has a char above U+00FF (not an octet); the block
     *                                  and this encoder's table are then unusable, as on any failed send
     */
    public void encode(List<HeaderField> fields, HpackOutput out) {
        writePendingSizeUpdates(out);
        for (int i = 0, n = fields.size(); i < n; i++) {
            HeaderField f = fields.get(i);
            encodeField(f.name(), f.value(), f.neverIndex(), out);
        }
    }

    /** Convenience: one header block as a new array. */
    public byte[] encode(List<HeaderField> fields) {
        HpackOutput out = new HpackOutput();
        encode(fields, out);
        return out.toByteArray();
    }

    private void writePendingSizeUpdates(HpackOutput out) {
        if (pendingMin < 0) {
            return;
        }
        if (pendingMin < pendingLast) {
            // RFC7541 §4.2: "the smallest maximum table size that occurs in that interval MUST be signaled in a
            // dynamic table size update. The final maximum size is always signaled"
            HpackWriter.writeInt(out, 0x20, 5, pendingMin);
            table.setMaxSize(pendingMin);
        }
        // RFC7541 §4.2: "This dynamic table size update MUST occur at the beginning of the first header block
        // following the change to the dynamic table size."
        HpackWriter.writeInt(out, 0x20, 5, pendingLast);
        table.setMaxSize(pendingLast);
        pendingMin = -1;
        pendingLast = -1;
    }

    private void encodeField(String name, String value, boolean neverIndex, HpackOutput out) {
        int found = StaticTable.find(name, value);
        if (found > 0 && !neverIndex) {
            HpackWriter.writeInt(out, 0x80, 7, found);
            return;
        }
        int nameIndex = Math.abs(found);
        IndexingPolicy.Decision decision = IndexingPolicy.Decision.NEVER_INDEX;
        if (table.length() > 0) {
            int dynamic = table.find(name, value);
            if (dynamic > 0 && !neverIndex) {
                HpackWriter.writeInt(out, 0x80, 7, dynamic + StaticTable.LENGTH);
                return;
            }
            if (nameIndex == 0 && dynamic != 0) {
                nameIndex = Math.abs(dynamic) + StaticTable.LENGTH;
            }
        }
        if (!neverIndex) {
            decision = policy.decide(name, value, table.maxSize());
        }
        Representation rep = switch (decision) {
            case INDEX -> Representation.LITERAL_INDEXED;
            case NO_INDEX -> Representation.LITERAL_NOT_INDEXED;
            // RFC7541 §6.2.3: "it MUST use the same representation to forward this header field"
            case NEVER_INDEX -> Representation.LITERAL_NEVER_INDEXED;
        };
        HpackWriter.writeLiteralPrefix(out, rep, nameIndex);
        if (nameIndex == 0) {
            writeString(name, out);
        }
        writeString(value, out);
        if (rep == Representation.LITERAL_INDEXED) {
            table.add(name, value);
        }
    }

    private void writeString(String s, HpackOutput out) {
        switch (huffmanMode) {
            case NEVER -> HpackWriter.writePlain(out, s);
            case ALWAYS -> HpackWriter.writeString(out, s, true);
            case SHORTEST -> {
                if (s.length() < 0x7F) {
                    writeShortestShort(s, out);
                    return;
                }
                int huffmanLength = Huffman.encodedLength(s);
                if (huffmanLength < s.length()) {
                    HpackWriter.writeInt(out, 0x80, 7, huffmanLength);
                    Huffman.encode(s, huffmanLength, out);
                } else {
                    HpackWriter.writePlain(out, s);
                }
            }
        }
    }

    /** Under 127 octets both forms have a one-octet length prefix, so the string can be coded before it is known which wins. */
    private static void writeShortestShort(String s, HpackOutput out) {
        int n = s.length();
        out.ensureSpace(1 + n);
        int prefixAt = out.size();
        int huffmanLength = Huffman.encodeIfShorter(s, out.array(), prefixAt + 1);
        if (huffmanLength < 0) {
            HpackWriter.writePlain(out, s);
            return;
        }
        out.array()[prefixAt] = (byte) (0x80 | huffmanLength);
        out.setSize(prefixAt + 1 + huffmanLength);
    }
}
