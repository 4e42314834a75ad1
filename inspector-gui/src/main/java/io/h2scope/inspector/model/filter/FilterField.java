package io.h2scope.inspector.model.filter;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.stream.StreamState;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The fields a display filter can name, each with what it means and the names its values may be given by. */
enum FilterField {
    TYPE("type", Kind.NUMBER, "the frame type: HEADERS, DATA, ... or its code", frameTypes()),
    STREAM("stream", Kind.NUMBER, "the stream id (0: the connection itself)", Map.of()),
    CONN("conn", Kind.NUMBER, "the connection's number, as the frame list shows it", Map.of()),
    DIR("dir", Kind.NUMBER, "send (written by the traced side) or recv (read by it)", directions()),
    LEN("len", Kind.NUMBER, "the payload length in octets", Map.of()),
    FLAGS("flags", Kind.NUMBER, "the flags octet: flags has END_STREAM", flags()),
    ERROR("error", Kind.NUMBER, "the error code of an RST_STREAM or GOAWAY: PROTOCOL_ERROR, ... or its code", errorCodes()),
    INCREMENT("increment", Kind.NUMBER, "a WINDOW_UPDATE's increment", Map.of()),
    LAST_STREAM("last_stream", Kind.NUMBER, "a GOAWAY's last stream id", Map.of()),
    WINDOW("window", Kind.NUMBER, "the smallest flow-control window after the frame (connection or stream, either way)", Map.of()),
    SEND_WINDOW("send_window", Kind.NUMBER, "what the traced side may still send after the frame (the smaller of connection and stream)", Map.of()),
    RECV_WINDOW("recv_window", Kind.NUMBER, "what the peer may still send after the frame (the smaller of connection and stream)", Map.of()),
    TIME("time", Kind.TIME, "seconds since the recording started (time > 12.5), or a clock time in quotes (time >= \"14:03\")", Map.of()),
    STATE("state", Kind.TEXT, "the stream's state after the frame: open, half_closed_local, ...", states()),
    HEADER("header", Kind.TEXT, "a decoded field's value: header[\":status\"] == \"503\" (hidden values never match)", Map.of()),
    TEXT("text", Kind.TEXT, "the frame's line as the list shows it: text ~ \"gzip\"", Map.of());

    /** How a field's values compare. */
    enum Kind {
        /** Whole numbers, given as numbers or by name; every comparison and {@code has} (a bit set). */
        NUMBER,
        /** Seconds, or a clock time in quotes; ordering comparisons. */
        TIME,
        /** Text: {@code ==}, {@code !=} and {@code ~} (contains, ignoring case). */
        TEXT
    }

    private final String word;
    private final Kind kind;
    private final String meaning;
    private final Map<String, Long> names;

    FilterField(String word, Kind kind, String meaning, Map<String, Long> names) {
        this.word = word;
        this.kind = kind;
        this.meaning = meaning;
        this.names = names;
    }

    String word() {
        return word;
    }

    Kind kind() {
        return kind;
    }

    String meaning() {
        return meaning;
    }

    /** The names its values may be given by (upper or lower case), with their numbers. */
    Map<String, Long> names() {
        return names;
    }

    /** Whether it takes a key in brackets ({@code header[":status"]}). */
    boolean keyed() {
        return this == HEADER;
    }

    static FilterField named(String word) {
        for (FilterField f : values()) {
            if (f.word.equals(word.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        return null;
    }

    private static Map<String, Long> frameTypes() {
        Map<String, Long> names = new LinkedHashMap<>();
        for (FrameType t : FrameType.values()) {
            names.put(t.name(), (long) t.code());
        }
        return names;
    }

    private static Map<String, Long> errorCodes() {
        Map<String, Long> names = new LinkedHashMap<>();
        for (ErrorCode c : ErrorCode.values()) {
            names.put(c.name(), (long) c.code());
        }
        return names;
    }

    private static Map<String, Long> directions() {
        Map<String, Long> names = new LinkedHashMap<>();
        names.put("SEND", 0L);
        names.put("RECV", 1L);
        return names;
    }

    private static Map<String, Long> flags() {
        Map<String, Long> names = new LinkedHashMap<>();
        names.put("END_STREAM", (long) Flags.END_STREAM);
        names.put("ACK", (long) Flags.ACK);
        names.put("END_HEADERS", (long) Flags.END_HEADERS);
        names.put("PADDED", (long) Flags.PADDED);
        names.put("PRIORITY", (long) Flags.PRIORITY);
        return names;
    }

    private static Map<String, Long> states() {
        Map<String, Long> names = new LinkedHashMap<>();
        for (StreamState s : StreamState.values()) {
            names.put(s.name(), (long) s.ordinal());
        }
        return names;
    }
}
