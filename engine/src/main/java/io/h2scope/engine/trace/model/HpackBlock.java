package io.h2scope.engine.trace.model;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.hpack.StaticTable;

import java.util.List;
import java.util.Objects;

/**
 * How one field block was encoded (RFC 7541): the dynamic table size updates it began with, each
 * field with its representation, and the dynamic table after it. Built only for sinks that
 * ask for it; attached to the frame that completes the block.
 *
 * @param sizeUpdates  dynamic table size updates at the start of the block (RFC 7541 §6.3), in order
 * @param lines        the fields in block order, as represented on the wire
 * @param tableAfter   the dynamic table after the block, newest entry (index 62) first
 * @param tableSize    the table's size after the block (RFC 7541 §4.1)
 * @param tableMaxSize the table's maximum size after the block
 */
public record HpackBlock(List<Integer> sizeUpdates, List<Line> lines, List<HeaderField> tableAfter, int tableSize,
        int tableMaxSize) {

    public HpackBlock {
        sizeUpdates = List.copyOf(sizeUpdates);
        lines = List.copyOf(lines);
        tableAfter = List.copyOf(tableAfter);
    }

    /**
     * One field line.
     *
     * @param representation indexed, or literal with incremental / without / never indexing (RFC 7541 §6)
     * @param huffmanName    the name was a Huffman-coded literal
     * @param huffmanValue   the value was a Huffman-coded literal
     * @param tableIndex     the index the line used (RFC 7541 §2.3.3): the field's for an indexed line, the name's
     *                       for a literal with an indexed name, 0 for a literal with a new name; -1 when not known
     *                       (a recording without it)
     * @param blockOffset    where the line starts in the field block (the fragments of HEADERS or PUSH_PROMISE and
     *                       its CONTINUATIONs, joined), or -1 when not known
     * @param blockLength    its length in octets, or -1 when not known
     */
    public record Line(String name, String value, Representation representation, boolean huffmanName,
            boolean huffmanValue, int tableIndex, int blockOffset, int blockLength) {
        public Line {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(representation, "representation");
        }

        /** A line whose index and octets are not known. */
        public Line(String name, String value, Representation representation, boolean huffmanName,
                boolean huffmanValue) {
            this(name, value, representation, huffmanName, huffmanValue, -1, -1, -1);
        }

        /** Whether the line used the static table (indexes 1..61) rather than the dynamic one. */
        public boolean staticIndex() {
            return tableIndex >= 1 && tableIndex <= StaticTable.LENGTH;
        }
    }
}
