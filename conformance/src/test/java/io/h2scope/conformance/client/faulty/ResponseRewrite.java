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
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Rewrites the field blocks of the server's responses so that the client cannot see a fault it must refuse. Every
 * block the server sends (PUSH_PROMISE's too) is decoded with a copy of the server's dynamic table; a block the
 * change leaves as it was goes on as its own frames, untouched. A changed block goes on as one HEADERS that puts into
 * the client's table what the server's block put into the server's: each field its block indexed incrementally is
 * indexed again (changed, if the change changed it), every other field is a literal without indexing, and the size
 * updates come first, so the client's table keeps the server's entries in the server's order (a field the change
 * removes is missing from the client's table: each case's connection carries one response, so no later block refers
 * to it). A block the copy cannot decode (an HPACK case's broken one) goes on as it came, or, when the rewrite repairs
 * broken blocks, as one HEADERS of the fields decoded before the error, changed by its repair (literals without
 * indexing); either way
 * everything after it goes on as it came, the server's table then unknown.
 */
final class ResponseRewrite implements Rewrite {

    /** One field as the server's block carried it. */
    record Line(HeaderField field, Representation rep) {
    }

    /** What the fault does to one response field block. */
    @FunctionalInterface
    interface Change {
        /**
         * @param head whether the block opens the response (no final status came before it on the stream), rather
         *             than trailers
         */
        List<Line> apply(List<Line> lines, boolean head);
    }

    /**
     * One response field block as the server sent it.
     *
     * @param head      whether it opens the response (no final status came before it on the stream)
     * @param endStream whether its HEADERS carried END_STREAM
     */
    record Block(int stream, List<Line> lines, boolean head, boolean endStream) {
    }

    /** What the fault does to one response field block, knowing its stream and its END_STREAM. */
    @FunctionalInterface
    interface BlockChange {
        /** The block's lines as the client is to get them, or null to drop the block (its frames go nowhere). */
        List<Line> apply(Block block);
    }

    /** The dynamic table size both ends start with (RFC 9113 §6.5.2). */
    private static final int INITIAL_TABLE = 4096;

    private final BlockChange change;
    /** What a block the copy cannot decode becomes, from the fields before its error; null: it goes on as it came. */
    private final Change repair;
    private final HpackDecoder serverTable = new HpackDecoder(INITIAL_TABLE, Long.MAX_VALUE, 1 << 20);
    /** Streams whose final (non-1xx) response head has come: a block after it is trailers. */
    private final Set<Integer> finalSeen = new HashSet<>();
    private final List<RawFrame> held = new ArrayList<>();
    private final ByteArrayOutputStream block = new ByteArrayOutputStream();
    private boolean unknownTable;

    ResponseRewrite(Change change) {
        this(change, null);
    }

    /** @param repair what a response block the copy cannot decode becomes, from the fields decoded before its error */
    ResponseRewrite(Change change, Change repair) {
        this(b -> change.apply(b.lines(), b.head()), repair);
    }

    private ResponseRewrite(BlockChange change, Change repair) {
        this.change = change;
        this.repair = repair;
        serverTable.setMaxTableSize(1 << 20); // whatever the client allows: the server's own size updates say it
    }

    /**
     * A rewrite by {@code change}, which may drop a block: the entries a dropped block put into the server's table are
     * then missing from the client's, as a removed field's are.
     */
    static ResponseRewrite blocks(BlockChange change) {
        return new ResponseRewrite(change, null);
    }

    @Override
    public void fromServer(RawFrame f, Wire wire) throws IOException {
        if (!held.isEmpty() && !f.is(FrameType.CONTINUATION)) {
            unknownTable = true; // a block cut short: the server's table can no longer be followed
            sendHeld(wire);
        }
        if (unknownTable || !(f.is(FrameType.HEADERS) || f.is(FrameType.PUSH_PROMISE) || !held.isEmpty())) {
            wire.toClient(f);
            return;
        }
        if (held.isEmpty()) {
            block.reset();
            byte[] p = f.payload();
            int start = (f.has(Flags.PADDED) ? 1 : 0) + (f.is(FrameType.PUSH_PROMISE) ? 4
                    : f.has(Flags.PRIORITY) ? 5 : 0);
            int end = p.length - (f.has(Flags.PADDED) && p.length > 0 ? p[0] & 0xff : 0);
            if (start > end) {
                unknownTable = true;
                wire.toClient(f);
                return;
            }
            block.write(p, start, end - start);
        } else {
            block.writeBytes(f.payload());
        }
        held.add(f);
        if (f.has(Flags.END_HEADERS)) {
            blockComplete(wire);
        }
    }

    /** A block the close cut short goes on as it came, before the close. */
    @Override
    public void serverEnded(Wire wire) throws IOException {
        sendHeld(wire);
    }

    private void blockComplete(Wire wire) throws IOException {
        RawFrame opening = held.get(0);
        List<Line> lines = new ArrayList<>();
        List<Integer> sizeUpdates = new ArrayList<>();
        try {
            serverTable.decode(block.toByteArray(), new HeaderSink() {
                @Override
                public void onHeader(String name, String value, Representation rep, boolean huffmanName,
                        boolean huffmanValue) {
                    lines.add(new Line(new HeaderField(name, value), rep));
                }

                @Override
                public void onTableSizeUpdate(int newMaxSize) {
                    sizeUpdates.add(newMaxSize);
                }
            });
        } catch (HpackException e) { // an HPACK case's broken block: the client is to judge it as it came
            unknownTable = true;
            if (repair != null && opening.is(FrameType.HEADERS)) {
                held.clear();
                sendBlock(wire, opening, repair.apply(lines, !finalSeen.contains(opening.stream())).stream()
                        .map(l -> new Line(l.field(), Representation.LITERAL_NOT_INDEXED)).toList(), List.of());
            } else {
                sendHeld(wire);
            }
            return;
        }
        if (!opening.is(FrameType.HEADERS)) {
            sendHeld(wire);
            return;
        }
        boolean head = !finalSeen.contains(opening.stream());
        List<Line> changed = change.apply(new Block(opening.stream(), List.copyOf(lines), head,
                opening.has(Flags.END_STREAM)));
        if (changed == null) {
            held.clear();
            return;
        }
        if (head && changed.stream().anyMatch(l -> l.field().name().equals(":status")
                && !l.field().value().startsWith("1"))) {
            finalSeen.add(opening.stream());
        }
        if (changed.equals(lines)) {
            sendHeld(wire);
            return;
        }
        held.clear();
        sendBlock(wire, opening, changed, sizeUpdates);
    }

    /** {@code lines} after {@code sizeUpdates}, as one HEADERS in place of the block {@code opening} opened. */
    private static void sendBlock(Wire wire, RawFrame opening, List<Line> lines, List<Integer> sizeUpdates)
            throws IOException {
        HpackWriter out = new HpackWriter(new HpackOutput());
        sizeUpdates.forEach(out::encodeSizeUpdate);
        for (Line l : lines) {
            Representation rep = l.rep() == Representation.INDEXED ? Representation.LITERAL_NOT_INDEXED : l.rep();
            out.encodeLiteral(l.field().name(), l.field().value(), rep, false);
        }
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        if (opening.has(Flags.PRIORITY)) {
            int start = opening.has(Flags.PADDED) ? 1 : 0;
            payload.writeBytes(Arrays.copyOfRange(opening.payload(), start, start + 5));
        }
        payload.writeBytes(out.output().toByteArray());
        int flags = opening.flags() & (Flags.END_STREAM | Flags.PRIORITY) | Flags.END_HEADERS;
        wire.toClient(RawFrame.of(FrameType.HEADERS, flags, opening.stream(), payload.toByteArray()));
    }

    private void sendHeld(Wire wire) throws IOException {
        for (RawFrame f : held) {
            wire.toClient(f);
        }
        held.clear();
    }
}
