package io.h2scope.inspector.model;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.hpack.StaticTable;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.trace.text.FrameDescriber;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;

import java.util.ArrayList;
import java.util.List;

/**
 * The detail tree of one recorded frame (RFC 9113 §4.1, §6): the header fields, flags by name, every payload field
 * with its octets in {@link WireBytes}; a completed field block line by line with its HPACK representation, table
 * index and Huffman coding (RFC 7541 §6); error codes with their RFC 9113 §7 sentence; and the rule violations and
 * errors this connection recorded just before the frame, which are what a GOAWAY or RST_STREAM answers.
 */
public final class FrameDetail {

    private static final int HEADER = 9;

    private final Recording recording;
    private final int frameNumber;
    private final FrameEvent event;
    private final Frame frame;
    private final FrameHeader header;

    private FrameDetail(Recording recording, int frameNumber) {
        this.recording = recording;
        this.frameNumber = frameNumber;
        this.event = recording.frame(frameNumber);
        this.frame = event.frame();
        this.header = event.header();
    }

    /** The tree of frame {@code frameNumber} of {@code recording}. */
    public static DetailNode of(Recording recording, int frameNumber) {
        return new FrameDetail(recording, frameNumber).build();
    }

    /** A code of RST_STREAM, GOAWAY or an error: its name and value, explained by its sentence of RFC 9113 §7. */
    public static DetailNode errorCode(String field, long code, int from, int to) {
        return new DetailNode(field, ErrorCode.nameOf(code) + " (0x" + Long.toHexString(code & 0xffffffffL) + ")",
                from, to, List.of(DetailNode.note(ErrorCode.SECTION, ErrorCode.meaningOf(code))));
    }

    private DetailNode build() {
        List<DetailNode> parts = new ArrayList<>();
        parts.add(headerNode());
        parts.add(new DetailNode("Payload", header.length() + " octets", HEADER, HEADER + header.length(), payload()));
        parts.add(stateAfter());
        DetailNode before = errorsBefore();
        if (before != null) {
            parts.add(before);
        }
        String title = "Frame " + frameNumber;
        String value = "conn " + recording.connectionOf(recording.frameEvent(frameNumber)).number()
                + (event.direction() == Direction.OUTBOUND ? " sent " : " received ")
                + FrameType.nameOf(header.typeCode()) + " at " + FrameSummary.time(event.nanosSinceStart()) + " s";
        return new DetailNode(title, value, 0, HEADER + header.length(), parts);
    }

    // ---------------------------------------------------------------- header, RFC 9113 §4.1

    private DetailNode headerNode() {
        List<DetailNode> fields = new ArrayList<>();
        fields.add(DetailNode.of("Length", Integer.toString(header.length()), 0, 3));
        fields.add(DetailNode.of("Type", FrameType.nameOf(header.typeCode()) + " (0x"
                + Integer.toHexString(header.typeCode()) + ")", 3, 4));
        fields.add(flags());
        fields.add(DetailNode.of("Reserved", header.reservedBit() ? "1 (set; RFC 9113 §4.1: ignored on receipt)" : "0",
                5, 6));
        fields.add(DetailNode.of("Stream Identifier", Integer.toString(header.streamId()), 5, 9));
        return new DetailNode("Header", "9 octets", 0, HEADER, fields);
    }

    private DetailNode flags() {
        int flags = header.flags();
        List<DetailNode> bits = new ArrayList<>();
        int defined = Flags.definedMask(header.typeCode());
        for (int bit = 1; bit <= 0x80; bit <<= 1) {
            if ((defined & bit) != 0) {
                bits.add(DetailNode.of(Flags.describe(header.typeCode(), bit) + " (0x" + Integer.toHexString(bit) + ")",
                        (flags & bit) != 0 ? "set" : "not set", 4, 5));
            } else if ((flags & bit) != 0) {
                bits.add(DetailNode.of("0x" + Integer.toHexString(bit),
                        "set, not defined for this type (RFC 9113 §4.1: ignored on receipt)", 4, 5));
            }
        }
        String named = Flags.describe(header.typeCode(), flags);
        return new DetailNode("Flags", String.format("0x%02x", flags) + (named.isEmpty() ? "" : " " + named), 4, 5,
                bits);
    }

    // ---------------------------------------------------------------- payload, RFC 9113 §6

    private List<DetailNode> payload() {
        List<DetailNode> out = new ArrayList<>();
        int at = HEADER;
        int end = HEADER + header.length();
        if (frame instanceof DataFrame d) {
            at = padLength(out, at, d.padLength());
            int length = d.data().length + event.dataOmitted();
            out.add(DetailNode.of("Data", length + " octets " + data(d, event.dataOmitted()), at, at + length));
            padding(out, at + length, d.padLength());
        } else if (frame instanceof HeadersFrame h) {
            at = padLength(out, at, h.padLength());
            if (h.priority() != null) {
                at = priority(out, at, h.priority());
            }
            fragment(out, at, h.fragment().length);
            padding(out, at + h.fragment().length, h.padLength());
        } else if (frame instanceof PriorityFrame p) {
            priority(out, at, p.priority());
        } else if (frame instanceof RstStreamFrame r) {
            out.add(errorCode("Error Code", r.errorCode(), at, at + 4));
        } else if (frame instanceof SettingsFrame s) {
            if (s.settings().isEmpty()) {
                out.add(DetailNode.note("Settings", s.ack() ? "none (an ACK carries none, RFC 9113 §6.5)" : "none"));
            }
            for (RawSetting setting : s.settings()) {
                out.add(new DetailNode(SettingId.nameOf(setting.id()), Long.toString(setting.value()), at, at + 6,
                        List.of(DetailNode.of("Identifier", "0x" + Integer.toHexString(setting.id()), at, at + 2),
                                DetailNode.of("Value", Long.toString(setting.value()), at + 2, at + 6))));
                at += SettingsFrame.SETTING_LENGTH;
            }
        } else if (frame instanceof PushPromiseFrame p) {
            at = padLength(out, at, p.padLength());
            out.add(DetailNode.of("Promised Stream ID", Integer.toString(p.promisedStreamId()), at, at + 4));
            at += PushPromiseFrame.PROMISED_ID_LENGTH;
            fragment(out, at, p.fragment().length);
            padding(out, at + p.fragment().length, p.padLength());
        } else if (frame instanceof PingFrame p) {
            out.add(DetailNode.of("Opaque Data", String.format("%016x", p.opaqueData()), at, at + PingFrame.LENGTH));
        } else if (frame instanceof GoAwayFrame g) {
            out.add(DetailNode.of("Last-Stream-ID", Integer.toString(g.lastStreamId()), at, at + 4));
            out.add(errorCode("Error Code", g.errorCode(), at + 4, at + 8));
            out.add(DetailNode.of("Additional Debug Data", g.debugData().length + " octets "
                    + FrameDescriber.printable(g.debugData()), at + 8, end));
        } else if (frame instanceof WindowUpdateFrame w) {
            out.add(DetailNode.of("Window Size Increment", Integer.toString(w.increment()), at, at + 4));
        } else if (frame instanceof ContinuationFrame c) {
            fragment(out, at, c.fragment().length);
        } else if (frame instanceof UnknownFrame u) {
            out.add(DetailNode.of("Payload", u.payload().length + " octets (unknown type: ignored, RFC 9113 §5.5)",
                    at, end));
        }
        return out;
    }

    /** The bytes of a DATA frame, or what its trace left out of them (it keeps DATA only when asked to). */
    private static String data(DataFrame d, int omitted) {
        if (omitted == 0) {
            return FrameDescriber.printable(d.data());
        }
        return d.data().length == 0 ? "(payload not recorded: zeros in the bytes)"
                : FrameDescriber.printable(d.data()) + " (the first " + d.data().length + " recorded, the other "
                        + omitted + " not: zeros in the bytes)";
    }

    private static int padLength(List<DetailNode> out, int at, int padLength) {
        if (padLength < 0) {
            return at;
        }
        out.add(DetailNode.of("Pad Length", Integer.toString(padLength), at, at + 1));
        return at + 1;
    }

    private void padding(List<DetailNode> out, int at, int padLength) {
        if (padLength > 0) {
            // the event keeps padding octets only when they are not all zero
            out.add(DetailNode.of("Padding", padLength + " octets" + (event.padding() == null ? ""
                    : ", not all zero (RFC 9113 §6.1: a sender MUST set them to zero; a receiver MAY treat other octets "
                    + "as a connection error of type PROTOCOL_ERROR)"), at, at + padLength));
        }
    }

    private static int priority(List<DetailNode> out, int at, Priority p) {
        out.add(DetailNode.of("Exclusive", p.exclusive() ? "1" : "0", at, at + 1));
        out.add(DetailNode.of("Stream Dependency", Integer.toString(p.dependency()), at, at + 4));
        out.add(DetailNode.of("Weight", p.weight() + " (octet " + p.wireWeight() + ")", at + 4, at + 5));
        return at + HeadersFrame.PRIORITY_FIELDS_LENGTH;
    }

    /** The fragment, and the field block it completes (if it does) line by line. */
    private void fragment(List<DetailNode> out, int at, int length) {
        out.add(DetailNode.of("Field Block Fragment", length + " octets", at, at + length));
        if (event.hpack() != null) {
            out.add(hpackBlock(event.hpack(), at, length));
        } else if (!event.headers().isEmpty()) {
            List<DetailNode> fields = new ArrayList<>();
            for (HeaderField f : event.headers()) {
                fields.add(DetailNode.note(f.name(), redaction().value(f)));
            }
            out.add(new DetailNode("Field Block", event.headers().size() + " fields (recorded without HPACK detail)",
                    -1, -1, fields));
        }
    }

    private DetailNode hpackBlock(HpackBlock block, int fragmentAt, int fragmentLength) {
        // a block spread over CONTINUATION frames: its offsets count the fragments of the earlier frames too
        int before = earlierFragmentOctets();
        List<DetailNode> lines = new ArrayList<>();
        for (int size : block.sizeUpdates()) {
            lines.add(DetailNode.note("Dynamic Table Size Update", "max " + size + " (RFC 7541 §6.3)"));
        }
        for (HpackBlock.Line line : block.lines()) {
            int from = -1;
            int to = -1;
            if (line.blockOffset() >= 0) {
                from = Math.max(0, line.blockOffset() - before);
                to = Math.min(fragmentLength, line.blockOffset() + line.blockLength() - before);
                if (to > from) {
                    from += fragmentAt;
                    to += fragmentAt;
                } else {
                    from = -1; // all of it was in an earlier frame
                    to = -1;
                }
            }
            List<DetailNode> parts = new ArrayList<>();
            parts.add(DetailNode.note("Representation", representation(line)));
            parts.add(DetailNode.note("Index", index(line)));
            parts.add(DetailNode.note("Huffman name", huffman(line.huffmanName(), line)));
            parts.add(DetailNode.note("Huffman value", line.representation()
                    == Representation.INDEXED ? "no (from the table)"
                    : line.huffmanValue() ? "yes" : "no"));
            lines.add(new DetailNode(line.name(), redaction().value(line.name(), line.value()), from, to, parts));
        }
        return new DetailNode("Field Block", block.lines().size() + " fields, dynamic table after " + block.tableSize()
                + "/" + block.tableMaxSize() + " octets", -1, -1, lines);
    }

    /** How this frame's connection shows field values ({@code <redacted N bytes>} for credentials). */
    private Redaction redaction() {
        return recording.connectionOf(recording.frameEvent(frameNumber)).redaction();
    }

    private static String representation(HpackBlock.Line line) {
        return switch (line.representation()) {
            case INDEXED -> "indexed (RFC 7541 §6.1)";
            case LITERAL_INDEXED -> "literal with incremental indexing (RFC 7541 §6.2.1)";
            case LITERAL_NOT_INDEXED -> "literal without indexing (RFC 7541 §6.2.2)";
            case LITERAL_NEVER_INDEXED -> "literal never indexed (RFC 7541 §6.2.3)";
        };
    }

    private static String index(HpackBlock.Line line) {
        int i = line.tableIndex();
        if (i < 0) {
            return "not recorded";
        }
        if (i == 0) {
            return "none (new name)";
        }
        String what = line.representation() == Representation.INDEXED ? "field" : "name";
        return i + (line.staticIndex() ? " (static table, " : " (dynamic table entry " + (i - StaticTable.LENGTH)
                + ", ") + what + ")";
    }

    private static String huffman(boolean coded, HpackBlock.Line line) {
        if (line.tableIndex() > 0) {
            return "no (from the table)";
        }
        return coded ? "yes" : "no";
    }

    /** Octets of this block in the same direction's HEADERS (or PUSH_PROMISE) and CONTINUATIONs before this frame. */
    private int earlierFragmentOctets() {
        if (!(frame instanceof ContinuationFrame)) {
            return 0;
        }
        ConnectionHistory history = recording.connectionOf(recording.frameEvent(frameNumber));
        int octets = 0;
        for (int p = positionIn(history) - 1; p >= 0; p--) {
            FrameEvent earlier = recording.frame(history.frameNumber(p));
            if (earlier.direction() != event.direction()) {
                continue;
            }
            Frame f = earlier.frame();
            if (f instanceof ContinuationFrame c) {
                octets += c.fragment().length;
            } else if (f instanceof HeadersFrame h) {
                return octets + h.fragment().length;
            } else if (f instanceof PushPromiseFrame pp) {
                return octets + pp.fragment().length;
            } else {
                break;
            }
        }
        return octets;
    }

    /** This frame's position among its connection's frames. */
    private int positionIn(ConnectionHistory history) {
        int lo = 0;
        int hi = history.frameCount() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int n = history.frameNumber(mid);
            if (n == frameNumber) {
                return mid;
            } else if (n < frameNumber) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- after and before

    private DetailNode stateAfter() {
        List<DetailNode> lines = new ArrayList<>();
        lines.add(DetailNode.note("Connection window", "send " + event.connectionSendWindow() + ", receive "
                + event.connectionReceiveWindow()));
        if (header.streamId() != 0) {
            lines.add(DetailNode.note("Stream window", "send " + window(event.streamSendWindow()) + ", receive "
                    + window(event.streamReceiveWindow())));
            lines.add(DetailNode.note("Stream state", TraceText.state(event.streamStateAfter())));
        }
        return new DetailNode("After the frame", "", -1, -1, lines);
    }

    private static String window(int w) {
        return w < 0 ? "-" : Integer.toString(w);
    }

    /**
     * The violations received and errors raised on this connection since its previous frame: what a GOAWAY or
     * RST_STREAM that follows them answers. Null when there are none.
     */
    private DetailNode errorsBefore() {
        ConnectionHistory history = recording.connectionOf(recording.frameEvent(frameNumber));
        int position = positionIn(history);
        int from = position > 0 ? recording.frameEvent(history.frameNumber(position - 1)) + 1 : 0;
        int to = recording.frameEvent(frameNumber);
        List<DetailNode> found = new ArrayList<>();
        for (int i = from; i < to; i++) {
            TraceEvent e = recording.event(i);
            if ((e instanceof ViolationReceived || e instanceof ErrorRaised) && recording.connectionOf(i) == history) {
                found.add(explain(e));
            }
        }
        return found.isEmpty() ? null : new DetailNode("Before this frame", found.size() == 1 ? "1 error" : found.size()
                + " errors", -1, -1, found);
    }

    /** A violation or a raised error in words: the rule, its section, the scope and the code with its meaning. */
    public static DetailNode explain(TraceEvent e) {
        if (e instanceof ViolationReceived v) {
            return new DetailNode("Violation received", v.ruleId(), -1, -1, List.of(
                    DetailNode.note("Section", v.violation().spec().toString()),
                    DetailNode.note("Frame", v.header().toString()),
                    DetailNode.note("Scope", scope(v.violation().scope())),
                    errorCode("Code", v.violation().code().code(), -1, -1),
                    DetailNode.note("Detail", v.violation().detail())));
        }
        ErrorRaised r = (ErrorRaised) e;
        return new DetailNode("Error raised", r.ruleId() == null ? "" : r.ruleId(), -1, -1, List.of(
                DetailNode.note("Section", r.spec() == null ? "" : r.spec()),
                DetailNode.note("Scope", scope(r.scope()) + (r.streamId() > 0 ? " on stream " + r.streamId() : "")),
                errorCode("Code", r.code().code(), -1, -1),
                DetailNode.note("Detail", r.detail() == null ? "" : r.detail())));
    }

    private static String scope(ErrorScope scope) {
        return switch (scope) {
            case CONNECTION -> "connection error (RFC 9113 §5.4.1: GOAWAY, then close)";
            case STREAM -> "stream error (RFC 9113 §5.4.2: RST_STREAM)";
        };
    }
}
