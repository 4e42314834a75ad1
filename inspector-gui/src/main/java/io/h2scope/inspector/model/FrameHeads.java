package io.h2scope.inspector.model;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.FrameDescriber;

import java.util.Locale;

/**
 * Per frame number, the frame list's summary up to its decoded fields ({@link FrameDescriber#head}: flags, error
 * names, settings, increments, padding...), interned, so that a text filter builds each frame's line from these and
 * {@link FrameFields} without reading the frame again from its file. Bounded: at most {@link #MAX_STRINGS} distinct
 * heads of at most {@link #MAX_CHARS} chars; a frame with a head beyond either is not kept ({@link #kept} false) and is
 * read again when asked. Appended by the recording's appender; read from any thread below
 * {@link Recording#frameCount()}.
 */
public final class FrameHeads {

    /** Distinct heads kept, for all frames together: a memory bound (PING payloads, GOAWAY debug data...). */
    public static final int MAX_STRINGS = 1 << 16;
    /** The longest head kept, in chars. */
    public static final int MAX_CHARS = 256;
    private static final int SHAPE_SLOTS = 1 << 13;

    private final StringPool heads;
    /** Per frame number: its head's number in {@link #heads}, or -1 when not kept. */
    private final IntColumn ids = new IntColumn();
    /**
     * The head numbers of the indexed frames' shapes seen last (what their heads are made of: header length, type,
     * flags, whether fields came; 6,161 shapes in OpenRecordingBench's 100,012 frames), one per slot, so a head is
     * built about once per shape and not per frame: a fixed cache (96 KiB), a shape's slot taken by the last one.
     */
    private final long[] shapes = new long[SHAPE_SLOTS]; // the shape + 1; 0: an empty slot
    private final int[] shapeIds = new int[SHAPE_SLOTS];

    FrameHeads() {
        this(MAX_STRINGS);
    }

    FrameHeads(int maxStrings) {
        this.heads = new StringPool(maxStrings, MAX_CHARS, s -> s.toLowerCase(Locale.ROOT));
    }

    void add(FrameEvent e) {
        ids.add(e.frame() != null ? id(FrameDescriber.head(new StringBuilder(), e, false).toString()) : indexed(e));
    }

    /** A frame of a file's index (no payload read): its head is what its header and having fields make it. */
    private int indexed(FrameEvent e) {
        FrameHeader header = e.header();
        boolean fields = !e.headers().isEmpty();
        long shape = ((long) header.length() << 17 | header.typeCode() << 9 | header.flags() << 1 | (fields ? 1 : 0))
                + 1;
        int slot = (int) (shape ^ shape >>> 13 ^ shape >>> 26) & (SHAPE_SLOTS - 1);
        if (shapes[slot] != shape) {
            shapeIds[slot] = id(FrameDescriber.head(header, fields));
            shapes[slot] = shape;
        }
        return shapeIds[slot];
    }

    private int id(String head) {
        return head == null ? -1 : heads.id(head.stripLeading());
    }

    /** Whether frame {@code frame}'s head is here; else read the frame. */
    public boolean kept(int frame) {
        return ids.get(frame) >= 0;
    }

    /** The head of a kept frame, without the leading space (as the frame list's line starts), in lower case. */
    public String searchedHead(int frame) {
        return heads.searched(ids.get(frame));
    }

    /** The number of a kept frame's head: frames with the same head have the same number. */
    int id(int frame) {
        return ids.get(frame);
    }

    /** Head number {@code id} as {@link #searchedHead} gives it. */
    String searched(int id) {
        return heads.searched(id);
    }
}
