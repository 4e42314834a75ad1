package io.h2scope.engine.hpack;

/** Receives what {@link HpackDecoder} decodes from one header block, in block order. */
@FunctionalInterface
public interface HeaderSink {

    /**
     * One decoded header field. Names and values that come from the static table are the table's own
     * String instances.
     *
     * @param huffmanName  the name was a Huffman-coded literal (false when it came from a table)
     * @param huffmanValue the value was a Huffman-coded literal (false for {@link Representation#INDEXED})
     */
    void onHeader(String name, String value, Representation rep, boolean huffmanName, boolean huffmanValue);

    /**
     * One field indexed in the static or dynamic table (RFC 7541 §6.1), given as the decoder's own
     * HeaderField for that entry: the same immutable instance for every block that indexes it, so a
     * sink that keeps fields need not make one. By default handed to {@link #onHeader} as strings.
     */
    default void onIndexed(HeaderField field) {
        onHeader(field.name(), field.value(), Representation.INDEXED, false, false);
    }

    /**
     * Where the next field line ({@link #onHeader} or {@link #onIndexed}) was in the block, and the table index it
     * used: the field's for an indexed line, the name's for a literal with an indexed name, 0 for a new name.
     * Offsets are from the start of the block. For sinks that describe the block (the inspector); ignored by default.
     */
    default void onLineOctets(int tableIndex, int offset, int length) {
    }

    /** A dynamic table size update (RFC 7541 §6.3) at the start of the block; the table now has this maximum. */
    default void onTableSizeUpdate(int newMaxSize) {
    }
}
