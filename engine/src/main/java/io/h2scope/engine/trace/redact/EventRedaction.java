package io.h2scope.engine.trace.redact;

import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import io.h2scope.engine.hpack.ValueFiller;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.Redaction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One event with the values {@link Redaction} hides replaced by filler of the same length
 * ({@link Redaction#filler}): in the decoded fields of a frame, its HPACK detail (lines and the table after), an
 * entry added to a dynamic table, a snapshot's tables; and, when asked, in the field block octets themselves
 * ({@link ValueFiller}), so that the block still decodes, to values of the same lengths. The value a table entry
 * holds is filler too, so a later indexed reference to it decodes to filler. Stateless: a block spread over
 * CONTINUATION frames is told by {@link RedactingSink}, which holds its frames until the last one names the fields.
 * With nothing hidden (revealing) every event comes back as it was.
 */
public final class EventRedaction {

    private final Redaction redaction;

    public EventRedaction(Redaction redaction) {
        this.redaction = redaction;
    }

    public Redaction redaction() {
        return redaction;
    }

    /**
     * The event with hidden values replaced; with {@code octets}, the field block octets of a frame too: exactly, by
     * the fields it names, for a frame that holds a whole block; for a fragment of a longer block, every literal
     * value it holds (its fields are not known here).
     */
    public TraceEvent apply(TraceEvent event, boolean octets) {
        if (redaction.reveal()) {
            return event;
        }
        if (event instanceof FrameEvent e) {
            return frame(e, octets);
        }
        if (event instanceof HpackEntryAdded e) {
            return redaction.hides(e.name())
                    ? new HpackEntryAdded(e.connectionId(), e.nanosSinceStart(), e.table(), e.name(),
                            Redaction.filler(e.value().length()), e.size())
                    : e;
        }
        if (event instanceof Http1Head e) { // an h2c upgrade's head: hidden fields' values filled as in a field block
            return new Http1Head(e.connectionId(), e.nanosSinceStart(), e.sent(), Redaction.head(e.head(),
                    (name, value) -> redaction.hides(name) ? Redaction.filler(value.length()) : value));
        }
        if (event instanceof SnapshotTaken e) {
            ConnectionSnapshot s = e.snapshot();
            List<HeaderField> decoder = fields(s.decoderTable());
            List<HeaderField> encoder = fields(s.encoderTable());
            return decoder == s.decoderTable() && encoder == s.encoderTable() ? e
                    : new SnapshotTaken(e.connectionId(), e.nanosSinceStart(), new ConnectionSnapshot(s.streams(),
                            s.connectionSendWindow(), s.connectionReceiveWindow(), decoder, s.decoderMaxSize(),
                            encoder, s.encoderMaxSize(), s.localSettings(), s.remoteSettings()));
        }
        return event;
    }

    /** A frame's event with hidden values replaced ({@link #apply}). */
    public FrameEvent frame(FrameEvent e, boolean octets) {
        if (redaction.reveal()) {
            return e;
        }
        Frame frame = e.frame(); // null in a recording's index, which keeps the fields: filled all the same
        // the fields are asked once a frame: most blocks hide nothing, and then neither octets nor fields change
        boolean nothingHidden = !e.headers().isEmpty() && !hidesAny(e.headers());
        byte[] fragment = frame == null ? null : fragmentOf(frame);
        if (octets && fragment != null && fragment.length > 0) {
            byte[] filled;
            if (frame instanceof ContinuationFrame) {
                filled = zeroed(fragment);
            } else if (endsBlock(frame)) {
                filled = nothingHidden ? fragment : fillBlock(fragment, e.headers());
            } else {
                filled = ValueFiller.fill(fragment, line -> true); // the first part of a longer block
            }
            frame = withFragment(frame, filled);
        }
        List<HeaderField> headers = nothingHidden ? e.headers() : fields(e.headers());
        HpackBlock hpack = hpack(e.hpack());
        return frame == e.frame() && headers == e.headers() && hpack == e.hpack() ? e
                : e.withContent(frame, headers, hpack);
    }

    /**
     * The frames of one field block (a HEADERS or PUSH_PROMISE and its CONTINUATIONs, in order) with their fragments
     * filled as one block: by the fields the last frame names when {@code complete}, else every literal value (a
     * block that never ended, or whose end was not seen); each frame's other hidden values replaced too.
     */
    public List<FrameEvent> block(List<FrameEvent> frames, boolean complete) {
        if (redaction.reveal()) {
            return frames;
        }
        int total = 0;
        for (FrameEvent f : frames) {
            total += fragmentOf(f.frame()).length;
        }
        byte[] joined = new byte[total];
        int at = 0;
        for (FrameEvent f : frames) {
            byte[] part = fragmentOf(f.frame());
            System.arraycopy(part, 0, joined, at, part.length);
            at += part.length;
        }
        FrameEvent last = frames.get(frames.size() - 1);
        byte[] filled = complete ? fillBlock(joined, last.headers()) : ValueFiller.fill(joined, line -> true);
        List<FrameEvent> out = new ArrayList<>(frames.size());
        at = 0;
        for (FrameEvent f : frames) {
            int length = fragmentOf(f.frame()).length;
            Frame frame = filled == joined ? f.frame() : withFragment(f.frame(), Arrays.copyOfRange(filled, at, at + length));
            at += length;
            out.add(frame(f.withContent(frame, f.headers(), f.hpack()), false));
        }
        return out;
    }

    /**
     * A whole field block with the values of its hidden fields filled: its field lines are {@code fields}, in order
     * (the decoder gives one field per line); when they do not match (no fields: the block did not decode, or was
     * over the header list limit), every literal value.
     */
    private byte[] fillBlock(byte[] block, List<HeaderField> fields) {
        if (!fields.isEmpty() && !hidesAny(fields)) {
            return block;
        }
        int lines = ValueFiller.fieldLines(block);
        if (lines != fields.size()) {
            return ValueFiller.fill(block, line -> true);
        }
        return ValueFiller.fill(block, line -> redaction.hides(fields.get(line).name()));
    }

    /** A CONTINUATION's fragment on its own starts inside a line: nothing in it can be told apart. */
    private static byte[] zeroed(byte[] fragment) {
        for (byte b : fragment) {
            if (b != 0) {
                return new byte[fragment.length];
            }
        }
        return fragment;
    }

    private boolean hidesAny(List<HeaderField> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (redaction.hides(fields.get(i).name())) {
                return true;
            }
        }
        return false;
    }

    /** {@code fields} with hidden values replaced; the same list when none is. */
    List<HeaderField> fields(List<HeaderField> fields) {
        if (!hidesAny(fields)) {
            return fields;
        }
        HeaderField[] redacted = null;
        for (int i = 0; i < fields.size(); i++) {
            HeaderField f = fields.get(i);
            if (redaction.hides(f.name()) && !isFiller(f.value())) {
                if (redacted == null) {
                    redacted = fields.toArray(new HeaderField[0]);
                }
                redacted[i] = new HeaderField(f.name(), Redaction.filler(f.value().length()), f.neverIndex());
            }
        }
        return redacted == null ? fields : HeaderList.copyOf(Arrays.asList(redacted));
    }

    private HpackBlock hpack(HpackBlock block) {
        if (block == null) {
            return null;
        }
        List<HpackBlock.Line> lines = null;
        for (int i = 0; i < block.lines().size(); i++) {
            HpackBlock.Line l = block.lines().get(i);
            if (redaction.hides(l.name()) && !isFiller(l.value())) {
                if (lines == null) {
                    lines = new ArrayList<>(block.lines());
                }
                lines.set(i, new HpackBlock.Line(l.name(), Redaction.filler(l.value().length()), l.representation(),
                        l.huffmanName(), l.huffmanValue(), l.tableIndex(), l.blockOffset(), l.blockLength()));
            }
        }
        List<HeaderField> table = fields(block.tableAfter());
        return lines == null && table == block.tableAfter() ? block
                : new HpackBlock(block.sizeUpdates(), lines == null ? block.lines() : lines, table, block.tableSize(),
                        block.tableMaxSize());
    }

    private static boolean isFiller(String value) {
        return value.equals(Redaction.filler(value.length()));
    }

    /** The field block fragment of a HEADERS, PUSH_PROMISE or CONTINUATION frame; null for any other. */
    static byte[] fragmentOf(Frame frame) {
        if (frame instanceof HeadersFrame h) {
            return h.fragment();
        }
        if (frame instanceof PushPromiseFrame p) {
            return p.fragment();
        }
        return frame instanceof ContinuationFrame c ? c.fragment() : null;
    }

    /** Whether the frame carries END_HEADERS: its block ends in it. */
    static boolean endsBlock(Frame frame) {
        if (frame instanceof HeadersFrame h) {
            return h.endHeaders();
        }
        if (frame instanceof PushPromiseFrame p) {
            return p.endHeaders();
        }
        return frame instanceof ContinuationFrame c && c.endHeaders();
    }

    private static Frame withFragment(Frame frame, byte[] fragment) {
        if (fragment == fragmentOf(frame)) {
            return frame;
        }
        if (frame instanceof HeadersFrame h) {
            return new HeadersFrame(h.streamId(), h.flags(), fragment, h.padLength(), h.priority());
        }
        if (frame instanceof PushPromiseFrame p) {
            return new PushPromiseFrame(p.streamId(), p.flags(), p.promisedStreamId(), fragment, p.padLength());
        }
        ContinuationFrame c = (ContinuationFrame) frame;
        return new ContinuationFrame(c.streamId(), c.flags(), fragment);
    }
}
