package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@link FrameEvent} of a {@code "kind":"frame"} line (docs/TRACE_FORMAT.md; written by
 * {@link FrequentEventLines}). The frame is rebuilt from its exact payload (base64) under its header fields, so
 * reading gives the same frame; the decoded fields beside it are for people and other tools.
 */
public final class FrameEventJson {

    private FrameEventJson() {
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
     * windows, state and decoded fields, and a null frame except for a small control frame ({@link #keptInSummary}), whose
     * error code, increment or last stream id an index of the recording asks for. Enough to index a recording;
     * {@link #read} gives every frame.
     */
    static FrameEvent readSummary(Map<String, Object> o) {
        return read(o, false);
    }

    /**
     * Whether a summary keeps the frame: RST_STREAM, WINDOW_UPDATE, GOAWAY, PING, SETTINGS and PRIORITY of at most
     * {@value #SUMMARY_PAYLOAD_MAX} octets, a few percent of a recording's frames and octets.
     */
    public static boolean keptInSummary(long typeCode, long length) {
        return length >= 0 && length <= SUMMARY_PAYLOAD_MAX && (typeCode == FrameType.RST_STREAM.code()
                || typeCode == FrameType.WINDOW_UPDATE.code() || typeCode == FrameType.GOAWAY.code()
                || typeCode == FrameType.PING.code() || typeCode == FrameType.SETTINGS.code()
                || typeCode == FrameType.PRIORITY.code());
    }

    /** The longest payload of a control frame a summary keeps decoded. */
    static final int SUMMARY_PAYLOAD_MAX = 256;

    /** A summary's frame from its payload, or null when it does not parse (a summary indexes; it does not judge). */
    static Frame summaryFrame(FrameHeader header, byte[] payload) {
        try {
            return frame(header, payload);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static FrameEvent read(Map<String, Object> o, boolean whole) {
        int typeCode = (int) number(o, "type_code");
        int flags = (int) number(o, "flags");
        int streamId = (int) number(o, "stream");
        boolean reserved = Boolean.TRUE.equals(o.get("reserved"));
        boolean kept = !whole && keptInSummary(typeCode, number(o, "length")) && o.get("payload") instanceof String;
        byte[] payload = whole || kept ? Base64.getDecoder().decode(text(o, "payload")) : null;
        FrameHeader header = new FrameHeader(whole ? length(o, payload) : (int) number(o, "length"), typeCode, flags,
                streamId, reserved);
        Frame frame = whole ? frame(header, payload) : kept ? summaryFrame(header, payload) : null;
        List<HeaderField> headers = new ArrayList<>();
        if (o.get("headers") instanceof List<?> list) { // a summary keeps them: a filter on a field reads no frame
            for (Object item : list) {
                headers.add(field((List<Object>) item));
            }
        }
        long[] window = windows(o.get("window"));
        String state = o.get("state") instanceof String s ? s : null;
        HpackBlock hpack = whole && o.get("hpack") instanceof Map<?, ?> m ? hpack((Map<String, Object>) m) : null;
        byte[] padding = whole ? FrameReader.paddingOf(typeCode, flags, payload) : null; // the payload keeps them
        return new FrameEvent(number(o, "conn"), number(o, "t_ns"),
                "recv".equals(text(o, "dir")) ? Direction.INBOUND : Direction.OUTBOUND, header, frame, headers,
                (int) window[0], (int) window[1], (int) window[2], (int) window[3],
                state == null ? null : StreamState.valueOf(state.toUpperCase(Locale.ROOT)), hpack, padding);
    }

    /** The four windows after the frame: {@code [conn_send, conn_recv, stream_send, stream_recv]} (version 3), or the object of version 2 and before. */
    @SuppressWarnings("unchecked")
    private static long[] windows(Object member) {
        if (member instanceof List<?> list) {
            if (list.size() != 4 || !(list.get(0) instanceof Long) || !(list.get(1) instanceof Long)
                    || !(list.get(2) instanceof Long) || !(list.get(3) instanceof Long)) {
                throw new IllegalArgumentException("\"window\" is not four integers [conn_send, conn_recv, stream_send,"
                        + " stream_recv]: " + list);
            }
            return new long[] {(Long) list.get(0), (Long) list.get(1), (Long) list.get(2), (Long) list.get(3)};
        }
        if (member instanceof Map<?, ?> m) {
            Map<String, Object> window = (Map<String, Object>) m;
            return new long[] {number(window, "conn_send"), number(window, "conn_recv"), number(window, "stream_send"),
                    number(window, "stream_recv")};
        }
        throw new IllegalArgumentException("\"window\" is missing");
    }

    /**
     * The frame's Length: the payload's, or for DATA the recording left out ({@code data_omitted}) the payload's and
     * that, which must then be {@code length}.
     */
    private static int length(Map<String, Object> o, byte[] payload) {
        if (!o.containsKey("data_omitted")) {
            return payload.length;
        }
        long length = number(o, "length");
        long omitted = number(o, "data_omitted");
        if (omitted < 0 || length != payload.length + omitted) {
            throw new IllegalArgumentException("\"length\" " + length + " is not the payload's " + payload.length
                    + " octets and \"data_omitted\" " + omitted);
        }
        return (int) length;
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
