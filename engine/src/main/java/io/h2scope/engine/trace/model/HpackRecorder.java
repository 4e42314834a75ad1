package io.h2scope.engine.trace.model;

import io.h2scope.engine.hpack.DynamicTable;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderSink;
import io.h2scope.engine.hpack.Representation;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link HeaderSink} that keeps both the decoded fields and how each was represented, for an
 * {@link HpackBlock}. Used by the connection only when a sink asks for HPACK detail.
 */
public final class HpackRecorder implements HeaderSink {

    private final List<HeaderField> fields = new ArrayList<>();
    private final List<HpackBlock.Line> lines = new ArrayList<>();
    private final List<Integer> sizeUpdates = new ArrayList<>();
    private int tableIndex = -1;
    private int lineOffset = -1;
    private int lineLength = -1;

    @Override
    public void onLineOctets(int index, int offset, int length) {
        tableIndex = index;
        lineOffset = offset;
        lineLength = length;
    }

    @Override
    public void onHeader(String name, String value, Representation rep, boolean huffmanName, boolean huffmanValue) {
        fields.add(new HeaderField(name, value, rep == Representation.LITERAL_NEVER_INDEXED));
        lines.add(new HpackBlock.Line(name, value, rep, huffmanName, huffmanValue, tableIndex, lineOffset, lineLength));
        tableIndex = -1;
        lineOffset = -1;
        lineLength = -1;
    }

    @Override
    public void onTableSizeUpdate(int newMaxSize) {
        sizeUpdates.add(newMaxSize);
    }

    /** The fields as the decoder delivers them (never-indexed ones marked). */
    public List<HeaderField> fields() {
        return fields;
    }

    /** The block's description, with a snapshot of {@code table} as it is now. */
    public HpackBlock block(DynamicTable table) {
        return new HpackBlock(sizeUpdates, lines, table.entries(), table.size(), table.maxSize());
    }
}
