package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.FrameOctets;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static io.h2scope.engine.trace.jsonl.LineOctets.ascii;

/**
 * The lines a recording is mostly made of (frames, window and stream state changes, HPACK entries added and
 * evicted), written straight as octets into a reused {@link LineOctets}, field by field as docs/TRACE_FORMAT.md
 * lists them: the one encoder of these kinds, reached through {@link TraceEventJson#write(TraceEvent, LineOctets)}.
 * A proxy records several such lines per request, so a line costs no text, map or builder of its own.
 */
final class FrequentEventLines {

    private static final byte[] FRAME = ascii("{\"v\":" + TraceEventJson.VERSION + ",\"kind\":\"frame\"");
    private static final byte[] STATE = ascii("{\"v\":" + TraceEventJson.VERSION + ",\"kind\":\"state\"");
    private static final byte[] WINDOW = ascii("{\"v\":" + TraceEventJson.VERSION + ",\"kind\":\"window\"");
    private static final byte[] HPACK_ADD = ascii("{\"v\":" + TraceEventJson.VERSION
            + ",\"kind\":\"hpack_add\"");
    private static final byte[] HPACK_EVICT = ascii("{\"v\":" + TraceEventJson.VERSION
            + ",\"kind\":\"hpack_evict\"");
    private static final byte[] CONN = ascii(",\"conn\":");
    private static final byte[] T_NS = ascii(",\"t_ns\":");
    private static final byte[] DIR_RECV = ascii(",\"dir\":\"recv\",\"stream\":");
    private static final byte[] DIR_SEND = ascii(",\"dir\":\"send\",\"stream\":");
    private static final byte[] TYPE_CODE = ascii(",\"type_code\":");
    private static final byte[] FLAGS = ascii(",\"flags\":");
    private static final byte[] LENGTH = ascii(",\"length\":");
    private static final byte[] RESERVED = ascii(",\"reserved\":true");
    private static final byte[] PAYLOAD = ascii(",\"payload\":\"");
    private static final byte[] DATA_OMITTED = ascii(",\"data_omitted\":");
    private static final byte[] HEADERS = ascii(",\"headers\":");
    private static final byte[] WINDOWS = ascii(",\"window\":[");
    private static final byte[] SETTINGS = ascii(",\"settings\":[");
    private static final byte[] ERROR = ascii(",\"error\":\"");
    private static final byte[] LAST_STREAM = ascii(",\"last_stream\":");
    private static final byte[] DEBUG = ascii("\",\"debug\":");
    private static final byte[] INCREMENT = ascii(",\"increment\":");
    private static final byte[] OPAQUE = ascii(",\"opaque\":\"");
    private static final byte[] PROMISED = ascii(",\"promised\":");
    private static final byte[] SIZE_UPDATES = ascii(",\"hpack\":{\"size_updates\":[");
    private static final byte[] LINES = ascii("],\"lines\":[");
    private static final byte[] TABLE_AFTER = ascii("],\"table\":");
    private static final byte[] TABLE_SIZE = ascii(",\"table_size\":");
    private static final byte[] TABLE_MAX = ascii(",\"table_max\":");
    private static final byte[] STREAM = ascii(",\"stream\":");
    private static final byte[] SIDE_SEND = ascii(",\"side\":\"send\",\"old\":");
    private static final byte[] SIDE_RECV = ascii(",\"side\":\"recv\",\"old\":");
    private static final byte[] NEW = ascii(",\"new\":");
    private static final byte[] VALUE = ascii(",\"value\":");
    private static final byte[] SIZE = ascii(",\"size\":");
    private static final byte[][] STATE_AFTER = LowerCaseNames.between(StreamState.class, ",\"state\":\"", "\"");
    private static final byte[][] FROM_STATE = LowerCaseNames.between(StreamState.class, ",\"from\":\"", "");
    private static final byte[][] TO_STATE = LowerCaseNames.between(StreamState.class, "\",\"to\":\"", "");
    private static final byte[][] INPUT_END = LowerCaseNames.between(StreamInput.class, "\",\"input\":\"", "\"}");
    private static final byte[][] CAUSE_END = LowerCaseNames.between(WindowCause.class, ",\"cause\":\"", "\"}");
    private static final byte[][] TABLE_NAME = LowerCaseNames.between(HpackContext.class, ",\"table\":\"",
            "\",\"name\":");
    private static final byte[][] TABLE_COUNT = LowerCaseNames.between(HpackContext.class, ",\"table\":\"",
            "\",\"count\":");
    private static final byte[][] REPRESENTATION = LowerCaseNames.between(Representation.class, ",\"",
            "\",");
    private static final byte[] NEVER_INDEX_END = ascii(",true]");

    /** A frame line's type and flag fields ({@link #typeFields}, {@link #flagFields}), made once per type and flags value. */
    private static final byte[][] TYPE_FIELDS = new byte[256][];
    private static final byte[][] FLAG_FIELDS = new byte[256][];

    private FrequentEventLines() {
    }

    /** Writes the event's line (without the newline) to {@code out} if it is a frequent kind; false if not. */
    static boolean write(TraceEvent event, LineOctets out) {
        if (event instanceof FrameEvent e) {
            frame(e, List.of(), out);
        } else if (event instanceof WindowChanged e) {
            out.put(WINDOW).putPair(CONN, e.connectionId(), T_NS, e.nanosSinceStart()).put(STREAM).put(e.streamId())
                    .put(e.side() == WindowSide.SEND ? SIDE_SEND : SIDE_RECV).put(e.oldSize()).put(NEW)
                    .put(e.newSize()).put(CAUSE_END[e.cause().ordinal()]);
        } else if (event instanceof StreamStateChanged e) {
            out.put(STATE).putPair(CONN, e.connectionId(), T_NS, e.nanosSinceStart()).put(STREAM).put(e.streamId())
                    .put(FROM_STATE[e.from().ordinal()]).put(TO_STATE[e.to().ordinal()])
                    .put(INPUT_END[e.input().ordinal()]);
        } else if (event instanceof HpackEntryAdded e) {
            out.put(HPACK_ADD).putPair(CONN, e.connectionId(), T_NS, e.nanosSinceStart()).put(TABLE_NAME[e.table().ordinal()]).putString(e.name()).put(VALUE)
                    .putString(e.value()).put(SIZE).put(e.size()).put('}');
        } else if (event instanceof HpackEntriesEvicted e) {
            out.put(HPACK_EVICT).putPair(CONN, e.connectionId(), T_NS, e.nanosSinceStart()).put(TABLE_COUNT[e.table().ordinal()]).put(e.count()).put('}');
        } else {
            return false;
        }
        return true;
    }

    /** A frame line's {@code changes} member: {@code ["state",1,"idle","open","recv_headers"]}, {@code ["window",...]}. */
    private static final class Changes {
        static final byte[] MEMBER = ascii(",\"changes\":[");
        static final byte[] STATE = ascii("[\"state\",");
        static final byte[] WINDOW = ascii("[\"window\",");
        static final byte[] SEND = ascii(",\"send\",");
        static final byte[] RECV = ascii(",\"recv\",");
        // the enum members' texts, the last of an entry with its closing bracket
        static final byte[][] STATES = LowerCaseNames.between(StreamState.class, ",\"", "\"");
        static final byte[][] INPUTS = LowerCaseNames.between(StreamInput.class, ",\"", "\"]");
        static final byte[][] CAUSES = LowerCaseNames.between(WindowCause.class, ",\"", "\"]");
        private static final int STATE_COUNT = StreamState.values().length;
        private static final int INPUT_COUNT = StreamInput.values().length;
        /** A state change's octets after its stream ({@code ,"idle","open","recv_headers"]}), made at first use. */
        private static final byte[][] STATE_TAILS = new byte[STATE_COUNT * STATE_COUNT * INPUT_COUNT][];

        static void write(List<TraceEvent> changes, LineOctets out) {
            out.put(MEMBER);
            for (int i = 0; i < changes.size(); i++) {
                if (i > 0) {
                    out.put(',');
                }
                if (changes.get(i) instanceof StreamStateChanged c) {
                    out.put(STATE).put(c.streamId()).put(stateTail(c));
                } else {
                    window((WindowChanged) changes.get(i), out);
                }
            }
            out.put(']');
        }

        private static byte[] stateTail(StreamStateChanged c) {
            int at = (c.from().ordinal() * STATE_COUNT + c.to().ordinal()) * INPUT_COUNT + c.input().ordinal();
            byte[] tail = STATE_TAILS[at];
            if (tail == null) { // a race makes the same octets twice: harmless
                tail = concat(STATES[c.from().ordinal()], STATES[c.to().ordinal()], INPUTS[c.input().ordinal()]);
                STATE_TAILS[at] = tail;
            }
            return tail;
        }

        private static void window(WindowChanged c, LineOctets out) {
            out.put(WINDOW).put(c.streamId());
            KeptWindowTails kept = out.keptWindowTails();
            if (kept != null && kept.put(c, out)) {
                return;
            }
            int start = out.length();
            out.put(c.side() == WindowSide.SEND ? SEND : RECV).put(c.oldSize()).put(',').put(c.newSize())
                    .put(CAUSES[c.cause().ordinal()]);
            if (kept != null) {
                kept.keep(c, out, start);
            }
        }
    }

    /**
     * Writes the frame's line with {@code changes} (the window and stream state changes of its connection made just
     * before it, at its time: {@link WindowChanged} and {@link StreamStateChanged} only) in its {@code changes}
     * member, in their order, before the payload (a reader steps over the payload by its length, and the members after
     * it are the frame's own); the line reads back as those events, then the frame.
     */
    static void frame(FrameEvent e, List<TraceEvent> changes, LineOctets out) {
        FrameHeader h = e.header();
        out.put(FRAME).putPair(CONN, e.connectionId(), T_NS, e.nanosSinceStart())
                .put(e.direction() == Direction.INBOUND ? DIR_RECV : DIR_SEND).put(h.streamId())
                .put(typeFields(h.typeCode())).put(flagFields(h.flags())).put(h.length());
        if (h.reservedBit()) { // mostly clear: absent then
            out.put(RESERVED);
        }
        decoded(e.frame(), out);
        if (!changes.isEmpty()) {
            Changes.write(changes, out);
        }
        out.put(PAYLOAD).putBase64(FrameOctets.payloadToRead(e)).put('"');
        int omitted = e.dataOmitted();
        if (omitted > 0) {
            out.put(DATA_OMITTED).put(omitted);
        }
        if (!e.headers().isEmpty()) {
            out.put(HEADERS);
            fields(e.headers(), out);
        }
        out.put(WINDOWS).put(e.connectionSendWindow()).put(',').put(e.connectionReceiveWindow()).put(',')
                .put(e.streamSendWindow()).put(',').put(e.streamReceiveWindow()).put(']');
        if (e.streamStateAfter() != null) {
            out.put(STATE_AFTER[e.streamStateAfter().ordinal()]);
        }
        if (e.hpack() != null) {
            hpack(e.hpack(), out);
        }
        out.put('}');
    }

    private static void decoded(Frame frame, LineOctets out) {
        if (frame instanceof SettingsFrame s) {
            out.put(SETTINGS);
            for (int i = 0; i < s.settings().size(); i++) {
                RawSetting setting = s.settings().get(i);
                if (i > 0) {
                    out.put(',');
                }
                out.put('[').put('"').putAscii(SettingId.nameOf(setting.id())).put('"').put(',').put(setting.value())
                        .put(']');
            }
            out.put(']');
        } else if (frame instanceof RstStreamFrame r) {
            out.put(ERROR).putAscii(ErrorCode.nameOf(r.errorCode())).put('"');
        } else if (frame instanceof GoAwayFrame g) {
            out.put(LAST_STREAM).put(g.lastStreamId()).put(ERROR).putAscii(ErrorCode.nameOf(g.errorCode())).put(DEBUG)
                    .putString(new String(g.debugData(), StandardCharsets.ISO_8859_1));
        } else if (frame instanceof WindowUpdateFrame w) {
            out.put(INCREMENT).put(w.increment());
        } else if (frame instanceof PingFrame p) {
            out.put(OPAQUE).putHex16(p.opaqueData()).put('"');
        } else if (frame instanceof PushPromiseFrame p) {
            out.put(PROMISED).put(p.promisedStreamId());
        }
    }

    private static void fields(List<HeaderField> fields, LineOctets out) {
        KeptFieldLists kept = out.keptFieldLists();
        if (kept != null && kept.put(fields, out)) {
            return;
        }
        int start = out.length();
        escapedFields(fields, out);
        if (kept != null) {
            kept.keep(fields, out, start);
        }
    }

    private static void escapedFields(List<HeaderField> fields, LineOctets out) {
        out.put('[');
        for (int i = 0; i < fields.size(); i++) {
            HeaderField f = fields.get(i);
            if (i > 0) {
                out.put(',');
            }
            out.put('[');
            out.putString(f.name()).put(',').putString(f.value());
            if (f.neverIndex()) {
                out.put(NEVER_INDEX_END);
            } else {
                out.put(']');
            }
        }
        out.put(']');
    }

    private static void hpack(HpackBlock block, LineOctets out) {
        out.put(SIZE_UPDATES);
        List<Integer> updates = block.sizeUpdates();
        for (int i = 0; i < updates.size(); i++) {
            if (i > 0) {
                out.put(',');
            }
            out.put(updates.get(i));
        }
        out.put(LINES);
        for (int i = 0; i < block.lines().size(); i++) {
            HpackBlock.Line line = block.lines().get(i);
            if (i > 0) {
                out.put(',');
            }
            out.put('[');
            out.putString(line.name()).put(',').putString(line.value()).put(REPRESENTATION[line.representation().ordinal()]).put(line.huffmanName())
                    .put(',').put(line.huffmanValue());
            if (line.tableIndex() >= 0) {
                out.put(',').put(line.tableIndex()).put(',').put(line.blockOffset()).put(',').put(line.blockLength());
            }
            out.put(']');
        }
        out.put(TABLE_AFTER);
        fields(block.tableAfter(), out);
        out.put(TABLE_SIZE).put(block.tableSize()).put(TABLE_MAX).put(block.tableMaxSize()).put('}');
    }

    /** {@code ,"type_code":1}: what a frame line has between its stream and its flags. */
    private static byte[] typeFields(int typeCode) {
        if (typeCode < 0 || typeCode > 0xff) {
            return typeFieldsOf(typeCode);
        }
        byte[] fields = TYPE_FIELDS[typeCode];
        if (fields == null) { // a race makes the same octets twice: harmless
            fields = typeFieldsOf(typeCode);
            TYPE_FIELDS[typeCode] = fields;
        }
        return fields;
    }

    private static byte[] typeFieldsOf(int typeCode) {
        return concat(TYPE_CODE, ascii(Integer.toString(typeCode)));
    }

    /** {@code ,"flags":4,"length":}: from the type code on, up to the length's digits. */
    private static byte[] flagFields(int flags) {
        if (flags < 0 || flags > 0xff) {
            return flagFieldsOf(flags);
        }
        byte[] fields = FLAG_FIELDS[flags];
        if (fields == null) {
            fields = flagFieldsOf(flags);
            FLAG_FIELDS[flags] = fields;
        }
        return fields;
    }

    private static byte[] flagFieldsOf(int flags) {
        return concat(FLAGS, ascii(Integer.toString(flags)), LENGTH);
    }

    private static byte[] concat(byte[]... parts) {
        LineOctets joined = new LineOctets(64);
        for (byte[] part : parts) {
            joined.put(part);
        }
        return Arrays.copyOf(joined.octets(), joined.length());
    }
}
