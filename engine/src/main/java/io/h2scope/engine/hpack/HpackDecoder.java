package io.h2scope.engine.hpack;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Decodes header blocks (RFC 7541 §3, §6) for one direction of one connection. Strict: every decoding
 * error of the RFC is an {@link HpackException}; a header list over the announced limit is a
 * {@link HeaderListSizeException} thrown only after the whole block was decoded, so the dynamic table
 * stays in sync with the peer's encoder. Not thread-safe.
 *
 * <p>Per field it allocates only the result Strings (none for static table fields); scratch buffers are
 * reused across blocks.
 */
public final class HpackDecoder {

    /** Largest header block copied into the reused scratch array; larger direct buffers use a one-off copy. */
    private static final int KEEP_INPUT_SCRATCH = 64 * 1024;
    private static final byte[] EMPTY = new byte[0];
    /** RFC 7541 §4.2: the smallest and the final size, so never more than two updates per block. */
    static final int MAX_SIZE_UPDATES_PER_BLOCK = 2;

    private final DynamicTable table;
    private final long maxHeaderListSize;
    private final int maxStringLength;
    private final FieldReader reader;

    /** SETTINGS_HEADER_TABLE_SIZE we announced and the peer acknowledged. */
    private int tableSizeLimit;
    /** Lowest limit announced since the last block; the next block must start at or under it when below the table's size. */
    private int lowestLimitSinceLastBlock;
    private byte[] inputScratch = EMPTY;
    /** Made on the first {@link #decode(byte[])}: an idle connection does not carry it. */
    private FieldCollector collector;

    /**
     * @param maxTableSize      SETTINGS_HEADER_TABLE_SIZE in force (4096 in HTTP/2 until changed); also the
     *                          initial maximum size of the dynamic table
     * @param maxHeaderListSize SETTINGS_MAX_HEADER_LIST_SIZE we announced (RFC 9113 §6.5.2 accounting)
     * @param maxStringLength   longest name or value accepted, in octets, as sent and after Huffman decoding
     *                          (RFC 7541 §7.4)
     */
    public HpackDecoder(int maxTableSize, long maxHeaderListSize, int maxStringLength) {
        if (maxTableSize < 0 || maxHeaderListSize < 0 || maxStringLength < 0) {
            throw new IllegalArgumentException("negative limit");
        }
        this.table = new DynamicTable(maxTableSize, false);
        this.maxHeaderListSize = maxHeaderListSize;
        this.maxStringLength = maxStringLength;
        this.tableSizeLimit = maxTableSize;
        this.lowestLimitSinceLastBlock = maxTableSize;
        this.reader = new FieldReader(maxStringLength);
    }

    /**
     * The SETTINGS_HEADER_TABLE_SIZE we announced, once the peer acknowledged it. Size updates above it are
     * errors from now on; if it is below the table's current maximum, the next block must begin with a size
     * update to at most this value (RFC 7541 §4.2).
     */
    public void setMaxTableSize(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("negative table size " + limit);
        }
        tableSizeLimit = limit;
        lowestLimitSinceLastBlock = Math.min(lowestLimitSinceLastBlock, limit);
    }

    /**
     * The longest name or value a header block of {@code blockBytes} encoded octets can carry once decoded
     * (Huffman codes are at least 5 bits). With this as {@code maxStringLength}, a block within the block
     * limit never fails on string length: one oversized field becomes a {@link HeaderListSizeException}, a
     * stream-level refusal, with the dynamic table still in sync (RFC 9113 §10.5.1), not a COMPRESSION_ERROR.
     */
    public static int longestStringIn(int blockBytes) {
        // capped so that Huffman scratch sizes derived from it stay within an int (a lifted block limit)
        return (int) Math.min(Integer.MAX_VALUE / 2, blockBytes * 8L / 5 + 1);
    }

    /** Read-only view of the dynamic table (sizes and a snapshot of entries). */
    public DynamicTable dynamicTable() {
        return table;
    }

    /** Decodes one complete header block from {@code block}'s position to its limit, consuming it. */
    public void decode(ByteBuffer block, HeaderSink sink) {
        int len = block.remaining();
        try {
            if (block.hasArray()) {
                decode(block.array(), block.arrayOffset() + block.position(), len, sink);
            } else {
                byte[] copy = len <= KEEP_INPUT_SCRATCH ? inputScratch(len) : new byte[len];
                block.duplicate().get(copy, 0, len);
                decode(copy, 0, len, sink);
            }
        } finally {
            block.position(block.limit());
        }
    }

    /**
     * Decodes one complete header block into an immutable list; never-indexed fields come back marked as
     * such. The fields are gathered in an array kept for the decoder's life, so a block costs its fields
     * and one exact copy of the array, not a growing list and a copy per consumer.
     */
    public HeaderList decode(byte[] block) {
        if (collector == null) {
            collector = new FieldCollector();
        }
        collector.clear(); // a block that failed half-way may have left fields behind
        decode(block, 0, block.length, collector);
        HeaderList fields = collector.toList();
        collector.clear();
        return fields;
    }

    /** Decodes one complete header block held in an array. */
    public void decode(byte[] block, HeaderSink sink) {
        decode(block, 0, block.length, sink);
    }

    /** Decodes the header block {@code src[off, off + len)}. */
    public void decode(byte[] src, int off, int len, HeaderSink sink) {
        FieldReader r = reader;
        r.start(src, off, off + len);
        try {
            decodeBlock(r, sink);
        } finally {
            r.finish();
        }
    }

    private void decodeBlock(FieldReader r, HeaderSink sink) {
        boolean sizeUpdateRequired = lowestLimitSinceLastBlock < table.maxSize();
        int requiredMax = lowestLimitSinceLastBlock;
        lowestLimitSinceLastBlock = tableSizeLimit;
        boolean fieldSeen = false;
        int sizeUpdates = 0;
        long listSize = 0;
        boolean overLimit = false;
        while (r.hasMore()) {
            int first = r.peek();
            if ((first & 0xE0) == 0x20) {
                int at = r.offset();
                int newSize = r.readInt(5);
                if (fieldSeen) {
                    // RFC7541 §4.2: "This dynamic table size update MUST occur at the beginning of the first header
                    // block following the change"; RFC7541 §6.3 places it only there
                    throw new HpackException(HpackRule.SIZE_UPDATE_AFTER_FIELD, at, "dynamic table size update after a header field");
                }
                if (++sizeUpdates > MAX_SIZE_UPDATES_PER_BLOCK) {
                    // RFC7541 §4.2: "The final maximum size is always signaled, resulting in at most two dynamic
                    // table size updates"; more is no conformant encoder and a free CPU sink (RFC9113 §10.5)
                    throw new HpackException(HpackRule.TOO_MANY_SIZE_UPDATES, at, "more than " + MAX_SIZE_UPDATES_PER_BLOCK
                            + " dynamic table size updates at the start of one header block");
                }
                if (newSize > tableSizeLimit) {
                    // RFC7541 §6.3: "The new maximum size MUST be lower than or equal to the limit ... Exceeding
                    // this limit MUST be treated as a decoding error."
                    throw new HpackException(HpackRule.SIZE_UPDATE_ABOVE_LIMIT, at, "dynamic table size update to " + newSize
                            + " exceeds the limit " + tableSizeLimit + " (SETTINGS_HEADER_TABLE_SIZE)");
                }
                if (sizeUpdateRequired && newSize > requiredMax) {
                    // RFC7541 §4.2: "the smallest maximum table size that occurs in that interval MUST be signaled";
                    // RFC9113 §4.3.1: "less than or equal to the reduced maximum"
                    throw new HpackException(HpackRule.SIZE_UPDATE_ABOVE_LOWERED_LIMIT, at, "first dynamic table size update is " + newSize
                            + " but the limit was lowered to " + requiredMax);
                }
                sizeUpdateRequired = false;
                table.setMaxSize(newSize);
                sink.onTableSizeUpdate(newSize);
                continue;
            }
            if (sizeUpdateRequired) {
                // RFC9113 §4.3.1: "An endpoint MUST treat a field block that follows an acknowledgment of the
                // reduction ... as a connection error ... if it does not start with a conformant Dynamic Table
                // Size Update"
                throw new HpackException(HpackRule.SIZE_UPDATE_MISSING, r.offset(), "header block must begin with a dynamic table size"
                        + " update to at most " + requiredMax + " after SETTINGS_HEADER_TABLE_SIZE was lowered");
            }
            fieldSeen = true;
            String name;
            String value;
            Representation rep;
            boolean huffmanName;
            boolean huffmanValue;
            HeaderField indexed = null;
            int lineStart = r.offset();
            int index = first & 0x7F;
            if (first >= 0x80 && index != 0 && index != 0x7F && index <= StaticTable.LENGTH + table.length()) {
                // fast path for the commonest field, an indexed one with a one-byte index; index 0, longer
                // indexes and indexes past the tables take the general path, which reports the errors
                r.skip(1);
                indexed = index <= StaticTable.LENGTH ? StaticTable.field(index) : table.field(index - StaticTable.LENGTH);
                name = indexed.name();
                value = indexed.value();
                rep = Representation.INDEXED;
                huffmanName = false;
                huffmanValue = false;
                // RFC9113 §6.5.2: "The value is based on the uncompressed size of field lines, including the
                // length of the name and value in octets plus an overhead of 32 octets for each field line."
                listSize += HeaderField.sizeOf(name, value);
            } else {
                rep = r.readField(table, overLimit);
                name = r.name();
                value = r.value();
                huffmanName = r.huffmanName();
                huffmanValue = r.huffmanValue();
                listSize += r.fieldSize(); // RFC9113 §6.5.2, as above
            }
            if (overLimit) {
                continue;
            }
            if (listSize > maxHeaderListSize) {
                overLimit = true; // keep decoding so the dynamic table stays in sync, stop delivering
                continue;
            }
            sink.onLineOctets(indexed != null ? index : r.tableIndex(), lineStart, r.offset() - lineStart);
            if (indexed != null) {
                sink.onIndexed(indexed);
            } else {
                sink.onHeader(name, value, rep, huffmanName, huffmanValue);
            }
        }
        if (sizeUpdateRequired) {
            // RFC9113 §4.3.1: a field block after a lowered SETTINGS_HEADER_TABLE_SIZE "does not start with a
            // conformant Dynamic Table Size Update" when it is empty
            throw new HpackException(HpackRule.SIZE_UPDATE_MISSING, r.offset(), "empty header block where a dynamic table size update"
                    + " to at most " + requiredMax + " was required");
        }
        if (overLimit) {
            throw new HeaderListSizeException(listSize, maxHeaderListSize);
        }
    }

    private byte[] inputScratch(int len) {
        if (inputScratch.length < len) {
            inputScratch = new byte[Math.max(len, Math.min(KEEP_INPUT_SCRATCH, inputScratch.length * 2))];
        }
        return inputScratch;
    }


    /** Gathers one block's fields for {@link #decode(byte[])}; reused from block to block. */
    private static final class FieldCollector implements HeaderSink {

        private static final int FIRST_CAPACITY = 16;
        /** Past this many slots the array is not kept after the block (a block of many fields is rare). */
        private static final int KEEP_CAPACITY = 256;

        private HeaderField[] fields = new HeaderField[FIRST_CAPACITY];
        private int count;

        @Override
        public void onHeader(String name, String value, Representation rep, boolean huffmanName, boolean huffmanValue) {
            add(new HeaderField(name, value, rep == Representation.LITERAL_NEVER_INDEXED));
        }

        @Override
        public void onIndexed(HeaderField field) {
            add(field); // the table's shared instance: nothing to allocate
        }

        private void add(HeaderField field) {
            if (count == fields.length) {
                fields = Arrays.copyOf(fields, count * 2);
            }
            fields[count++] = field;
        }

        HeaderList toList() {
            return HeaderList.copyOf(fields, count);
        }

        /** Drops the references, so the decoder does not keep the last block's fields alive. */
        void clear() {
            if (fields.length > KEEP_CAPACITY) {
                fields = new HeaderField[FIRST_CAPACITY];
            } else {
                Arrays.fill(fields, 0, count, null);
            }
            count = 0;
        }
    }
}
