package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.trace.FrameOctets;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One {@link FrameEvent} as one JSON object, the {@code "kind":"frame"} line of {@link TraceEventJson} (docs/TRACE_FORMAT.md),
 * and back. The frame is kept as its exact payload (base64) under its header fields, so reading gives
 * the same frame; the decoded fields beside it are for people and other tools.
 */
public final class FrameEventJson {

    /** {@link Flags#describe} of the defined frame types, made once per type and flags, not once per line. */
    private static final String[] FLAG_NAMES = new String[FrameType.values().length << 8];

    private FrameEventJson() {
    }

    private static String flagNames(int typeCode, int flags) {
        int i = (typeCode << 8) | (flags & 0xff);
        if (typeCode < 0 || i >= FLAG_NAMES.length) {
            return Flags.describe(typeCode, flags);
        }
        String names = FLAG_NAMES[i];
        if (names == null) { // a race makes the same string twice: harmless
            names = Flags.describe(typeCode, flags);
            FLAG_NAMES[i] = names;
        }
        return names;
    }

    /** The event as one line of JSON, without the newline. */
    public static String write(FrameEvent e) {
        return write(e, new StringBuilder(512)).toString();
    }

    /** Appends the event as one line of JSON, without the newline, to {@code out}; returns {@code out}. */
    static StringBuilder write(FrameEvent e, StringBuilder out) {
        FrameHeader h = e.header();
        Frame frame = e.frame();
        out.append("{\"v\":").append(TraceEventJson.VERSION).append(",\"kind\":\"frame\",\"conn\":").append(e.connectionId())
                .append(",\"t_ns\":").append(e.nanosSinceStart())
                .append(",\"dir\":\"").append(e.direction() == Direction.INBOUND ? "recv" : "send").append('"')
                .append(",\"stream\":").append(h.streamId())
                .append(",\"type\":\"").append(FrameType.nameOf(h.typeCode())).append('"')
                .append(",\"type_code\":").append(h.typeCode())
                .append(",\"flags\":").append(h.flags())
                .append(",\"flag_names\":\"").append(flagNames(h.typeCode(), h.flags())).append('"')
                .append(",\"length\":").append(h.length())
                .append(",\"reserved\":").append(h.reservedBit());
        decoded(out, frame);
        out.append(",\"payload\":\"").append(Base64.getEncoder().encodeToString(FrameOctets.payload(e)))
                .append('"');
        if (!e.headers().isEmpty()) {
            out.append(",\"headers\":");
            fields(out, e.headers());
        }
        out.append(",\"window\":{\"conn_send\":").append(e.connectionSendWindow())
                .append(",\"conn_recv\":").append(e.connectionReceiveWindow())
                .append(",\"stream_send\":").append(e.streamSendWindow())
                .append(",\"stream_recv\":").append(e.streamReceiveWindow()).append('}');
        if (e.streamStateAfter() != null) {
            out.append(",\"state\":\"").append(LowerCaseNames.of(e.streamStateAfter())).append('"');
        }
        if (e.hpack() != null) {
            hpack(out, e.hpack());
        }
        return out.append('}');
    }

    /**
     * The event a {@code "kind":"frame"} line describes.
     *
     * @throws IllegalArgumentException naming what is wrong with the line
     */
    public static FrameEvent read(Map<String, Object> o) {
        return read(o, true);
    }

    /**
     * The frame event of a line read without its payload: the header (Length from {@code length}), direction,
     * windows and state, with a null frame and no fields. Enough to index a recording; {@link #read} gives the frame.
     */
    static FrameEvent readSummary(Map<String, Object> o) {
        return read(o, false);
    }

    @SuppressWarnings("unchecked")
    private static FrameEvent read(Map<String, Object> o, boolean whole) {
        int typeCode = (int) number(o, "type_code");
        int flags = (int) number(o, "flags");
        int streamId = (int) number(o, "stream");
        boolean reserved = Boolean.TRUE.equals(o.get("reserved"));
        byte[] payload = whole ? Base64.getDecoder().decode(text(o, "payload")) : null;
        FrameHeader header = new FrameHeader(whole ? payload.length : (int) number(o, "length"), typeCode, flags,
                streamId, reserved);
        Frame frame = whole ? frame(header, payload) : null;
        List<HeaderField> headers = new ArrayList<>();
        if (whole && o.get("headers") instanceof List<?> list) {
            for (Object item : list) {
                headers.add(field((List<Object>) item));
            }
        }
        Map<String, Object> window = (Map<String, Object>) o.get("window");
        if (window == null) {
            throw new IllegalArgumentException("\"window\" is missing");
        }
        String state = o.get("state") instanceof String s ? s : null;
        HpackBlock hpack = whole && o.get("hpack") instanceof Map<?, ?> m ? hpack((Map<String, Object>) m) : null;
        byte[] padding = whole ? FrameReader.paddingOf(typeCode, flags, payload) : null; // the payload keeps them
        return new FrameEvent(number(o, "conn"), number(o, "t_ns"),
                "recv".equals(text(o, "dir")) ? Direction.INBOUND : Direction.OUTBOUND, header, frame, headers,
                (int) number(window, "conn_send"), (int) number(window, "conn_recv"),
                (int) number(window, "stream_send"), (int) number(window, "stream_recv"),
                state == null ? null : StreamState.valueOf(state.toUpperCase(Locale.ROOT)), hpack, padding);
    }

    private static void decoded(StringBuilder out, Frame frame) {
        if (frame instanceof SettingsFrame s) {
            out.append(",\"settings\":[");
            for (int i = 0; i < s.settings().size(); i++) {
                RawSetting setting = s.settings().get(i);
                out.append(i == 0 ? "" : ",").append("[\"").append(SettingId.nameOf(setting.id())).append("\",")
                        .append(setting.value()).append(']');
            }
            out.append(']');
        } else if (frame instanceof RstStreamFrame r) {
            out.append(",\"error\":\"").append(ErrorCode.nameOf(r.errorCode())).append('"');
        } else if (frame instanceof GoAwayFrame g) {
            out.append(",\"last_stream\":").append(g.lastStreamId()).append(",\"error\":\"")
                    .append(ErrorCode.nameOf(g.errorCode())).append("\",\"debug\":");
            Json.string(out, new String(g.debugData(), StandardCharsets.ISO_8859_1));
        } else if (frame instanceof WindowUpdateFrame w) {
            out.append(",\"increment\":").append(w.increment());
        } else if (frame instanceof PingFrame p) {
            out.append(",\"opaque\":\"").append(String.format("%016x", p.opaqueData())).append('"');
        } else if (frame instanceof PushPromiseFrame p) {
            out.append(",\"promised\":").append(p.promisedStreamId());
        }
    }

    private static void fields(StringBuilder out, List<HeaderField> fields) {
        out.append('[');
        for (int i = 0; i < fields.size(); i++) {
            HeaderField f = fields.get(i);
            out.append(i == 0 ? "[" : ",[");
            Json.string(out, f.name());
            out.append(',');
            Json.string(out, f.value());
            out.append(f.neverIndex() ? ",true]" : "]");
        }
        out.append(']');
    }

    private static void hpack(StringBuilder out, HpackBlock block) {
        out.append(",\"hpack\":{\"size_updates\":").append(block.sizeUpdates().toString().replace(" ", ""))
                .append(",\"lines\":[");
        for (int i = 0; i < block.lines().size(); i++) {
            HpackBlock.Line line = block.lines().get(i);
            out.append(i == 0 ? "[" : ",[");
            Json.string(out, line.name());
            out.append(',');
            Json.string(out, line.value());
            out.append(",\"").append(line.representation().name().toLowerCase(Locale.ROOT)).append("\",")
                    .append(line.huffmanName()).append(',').append(line.huffmanValue());
            if (line.tableIndex() >= 0) {
                out.append(',').append(line.tableIndex()).append(',').append(line.blockOffset()).append(',')
                        .append(line.blockLength());
            }
            out.append(']');
        }
        out.append("],\"table\":");
        fields(out, block.tableAfter());
        out.append(",\"table_size\":").append(block.tableSize()).append(",\"table_max\":").append(block.tableMaxSize())
                .append('}');
    }

    @SuppressWarnings("unchecked")
    private static HpackBlock hpack(Map<String, Object> o) {
        List<Integer> sizeUpdates = new ArrayList<>();
        for (Object n : (List<Object>) o.get("size_updates")) {
            sizeUpdates.add(((Long) n).intValue());
        }
        List<HpackBlock.Line> lines = new ArrayList<>();
        for (Object item : (List<Object>) o.get("lines")) {
            List<Object> l = (List<Object>) item;
            boolean octetsKnown = l.size() >= 8; // older recordings end after the Huffman flags
            lines.add(new HpackBlock.Line((String) l.get(0), (String) l.get(1),
                    Representation.valueOf(((String) l.get(2)).toUpperCase(Locale.ROOT)), (Boolean) l.get(3),
                    (Boolean) l.get(4), octetsKnown ? ((Long) l.get(5)).intValue() : -1,
                    octetsKnown ? ((Long) l.get(6)).intValue() : -1, octetsKnown ? ((Long) l.get(7)).intValue() : -1));
        }
        List<HeaderField> table = new ArrayList<>();
        for (Object item : (List<Object>) o.get("table")) {
            table.add(field((List<Object>) item));
        }
        return new HpackBlock(sizeUpdates, lines, table, (int) number(o, "table_size"), (int) number(o, "table_max"));
    }

    private static HeaderField field(List<Object> item) {
        return new HeaderField((String) item.get(0), (String) item.get(1),
                item.size() > 2 && Boolean.TRUE.equals(item.get(2)));
    }

    /** Rebuilds the frame with the engine's own parser, so it equals the one that was recorded. */
    private static Frame frame(FrameHeader header, byte[] payload) {
        ByteBuffer wire = ByteBuffer.allocate(FrameSizes.HEADER_LENGTH + payload.length);
        wire.put((byte) (payload.length >>> 16)).put((byte) (payload.length >>> 8)).put((byte) payload.length)
                .put((byte) header.typeCode()).put((byte) header.flags())
                .putInt(header.streamId() | (header.reservedBit() ? 0x8000_0000 : 0)).put(payload).flip();
        Frame[] result = new Frame[1];
        String[] problem = new String[1];
        FrameReader.lenient(FrameSizes.MAX_FRAME_SIZE_LIMIT).read(wire, new FrameHandler() {
            @Override
            public void onFrame(Frame frame) {
                result[0] = frame;
            }

            @Override
            public void onViolation(FrameHeader h, Violation violation) {
                problem[0] = violation.toString();
            }
        });
        if (result[0] == null) {
            throw new IllegalArgumentException("the recorded frame does not parse: "
                    + (problem[0] != null ? problem[0] : "incomplete payload"));
        }
        return result[0];
    }

    private static long number(Map<String, Object> o, String name) {
        if (o.get(name) instanceof Long n) {
            return n;
        }
        throw new IllegalArgumentException("\"" + name + "\" is missing or not an integer");
    }

    private static String text(Map<String, Object> o, String name) {
        if (o.get(name) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("\"" + name + "\" is missing or not a string");
    }
}
