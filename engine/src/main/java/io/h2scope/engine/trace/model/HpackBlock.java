package io.h2scope.engine.trace.model;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;

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
     */
    public record Line(String name, String value, Representation representation, boolean huffmanName,
            boolean huffmanValue) {
        public Line {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(representation, "representation");
        }
    }
}
