package io.h2scope.engine.trace.text;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.StaticTable;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;

import java.util.List;
import java.util.Locale;

/**
 * The text form of trace events, modelled on {@code nghttp -v}. A frame line is:
 * <pre>
 * [  0.000120] conn=1 send HEADERS       stream=1 length=31 flags=END_STREAM|END_HEADERS {:method: GET, ...} | window conn send=65535 recv=65535, stream send=65535 recv=65535 | half_closed_local
 * </pre>
 * time since the connection started (seconds), connection id, direction ({@code recv}/{@code send}),
 * the frame as {@link FrameDescriber} describes it (decoded fields for a completed field block), then
 * the flow-control windows after the frame: the connection's and, for a stream frame, the stream's
 * ({@code send} = what we may still send, {@code recv} = what the peer may still send), and the
 * stream's state after the frame.
 */
public final class TraceText {

    /** Each state's name in lower case, made once (a frame line has one). */
    private static final String[] STATE_NAMES = java.util.Arrays.stream(StreamState.values())
            .map(state -> state.name().toLowerCase(Locale.ROOT)).toArray(String[]::new);

    /** {@link #stateTail}'s texts by state. */
    private static final String[] STATE_TAILS = java.util.Arrays.stream(STATE_NAMES).map(name -> " | " + name)
            .toArray(String[]::new);

    /** A frame line's type, padded as {@code %-13s}, and {@code " stream="}, by type code (a code is 8 bits). */
    private static final String[] FRAME_HEADS = new String[256];

    static {
        for (int code = 0; code < FRAME_HEADS.length; code++) {
            FRAME_HEADS[code] = padded(new StringBuilder(), FrameType.nameOf(code), 13).append(" stream=").toString();
        }
    }

    private TraceText() {
    }

    /**
     * One line for any event: a frame as {@link #frameLine}, the others as
     * {@code [  0.000120] conn=1 stream=1 idle -> open on recv_headers} and the like; field values as
     * {@code redaction} says, DATA bytes only with {@code showData}.
     */
    public static String line(TraceEvent event, Redaction redaction, boolean showData) {
        return line(event, redaction, showData, time(event.nanosSinceStart()));
    }

    /**
     * {@link #line(TraceEvent, Redaction, boolean)} with {@code time} in front instead of the time since the connection
     * started (a clock time, say); an empty {@code time} starts the line at {@code conn=} (a log line has its own time).
     */
    public static String line(TraceEvent event, Redaction redaction, boolean showData, String time) {
        if (event instanceof FrameEvent e) {
            return frameLine(e, redaction, showData, time);
        }
        if (event instanceof StreamStateChanged e) {
            return stateLine(e, time);
        }
        StringBuilder line = new StringBuilder(120);
        head(line, time, event.connectionId());
        if (event instanceof ConnectionOpened e) {
            line.append("opened ").append(lower(e.role().name()));
            optional(line, " local=", e.local());
            optional(line, " remote=", e.remote());
            optional(line, " transport=", e.transport());
            optional(line, " tls=", e.tlsVersion());
            optional(line, " cipher=", e.cipherSuite());
            optional(line, " alpn=", e.alpn());
            optional(line, " sni=", e.sni());
            if (e.paired()) {
                line.append(" pair=").append(e.pair());
            }
            if (e.leg() != null) {
                line.append(" leg=").append(e.leg().name());
                optional(line, " of=", e.leg().of().isEmpty() ? null : '"' + e.leg().of() + '"');
            }
            privacy(line, e.privacy());
        } else if (event instanceof ConnectionClosed e) {
            line.append("closed by ").append(e.closedBy() == null ? "transport" : lower(e.closedBy().name()))
                    .append(": ").append(lower(e.cause().name()));
            if (e.errorCode() >= 0) {
                line.append(" error=").append(ErrorCode.nameOf((int) e.errorCode())).append(" last_stream=")
                        .append(e.lastStreamId());
            }
            optional(line, " rule=", e.ruleId());
            if (!e.debug().isEmpty()) {
                line.append(" debug=\"").append(e.debug()).append('"');
            }
            line.append(" | sent ").append(e.framesSent()).append(" frames ").append(e.bytesSent())
                    .append(" octets, received ").append(e.framesReceived()).append(" frames ")
                    .append(e.bytesReceived()).append(" octets");
        } else if (event instanceof WindowChanged e) {
            line.append("window ").append(e.streamId() == 0 ? "conn" : "stream=" + e.streamId()).append(' ')
                    .append(e.side() == io.h2scope.engine.flow.WindowSide.SEND ? "send" : "recv").append(' ').append(e.oldSize()).append(" -> ")
                    .append(e.newSize()).append(" on ").append(lower(e.cause().name()));
        } else if (event instanceof SettingsAnnounced e) {
            line.append("settings ").append(lower(e.side().name())).append(" announced");
            for (Setting setting : e.entries()) {
                line.append(' ').append(setting.id().name()).append('=').append(setting.value());
            }
        } else if (event instanceof SettingsAcknowledged e) {
            line.append("settings ").append(lower(e.side().name())).append(" acknowledged");
        } else if (event instanceof SettingsInForce e) {
            line.append("settings ").append(lower(e.side().name())).append(" in force");
            for (SettingId id : SettingId.values()) {
                line.append(' ').append(id.name()).append('=').append(Settings.text(e.settings().get(id)));
            }
        } else if (event instanceof HpackEntryAdded e) {
            line.append("hpack ").append(lower(e.table().name())).append(" add ").append(Redaction.escape(e.name()))
                    .append(": ").append(redaction.value(e.name(), e.value())).append(" (").append(e.size())
                    .append(" octets)");
        } else if (event instanceof HpackEntriesEvicted e) {
            line.append("hpack ").append(lower(e.table().name())).append(" evict ").append(e.count());
        } else if (event instanceof HpackTableResized e) {
            line.append("hpack ").append(lower(e.table().name())).append(" max size ").append(e.maxSize());
        } else if (event instanceof ViolationReceived e) {
            line.append("recv ").append(e.header()).append(" broke ").append(e.violation().spec()).append(" (rule ")
                    .append(e.ruleId()).append(", ").append(e.violation().scope()).append(' ')
                    .append(e.violation().code()).append("): ").append(e.violation().detail());
        } else if (event instanceof SnapshotTaken e) {
            line.append("snapshot ").append(e.snapshot().streams().size()).append(" live streams, window conn send=")
                    .append(e.snapshot().connectionSendWindow()).append(" recv=")
                    .append(e.snapshot().connectionReceiveWindow()).append(", tables ")
                    .append(e.snapshot().decoderTable().size()).append(" decoder / ")
                    .append(e.snapshot().encoderTable().size()).append(" encoder entries");
        } else if (event instanceof Http1Head e) {
            line.append(e.sent() ? "HTTP/1.1 sent: " : "HTTP/1.1 received: ")
                    .append(Redaction.head(e.head(), redaction::value).replace("\n", " | "));
        } else if (event instanceof ErrorRaised e) {
            line.append("raised ").append(e.scope()).append(' ').append(e.code()).append(" stream=")
                    .append(e.streamId()).append(" (").append(e.spec()).append(", rule ").append(e.ruleId())
                    .append("): ").append(e.detail());
        }
        return line.toString();
    }

    /** {@code [  0.000120] conn=1 stream=1 idle -> open on recv_headers}. */
    public static String stateLine(StreamStateChanged e) {
        return stateLine(e, time(e.nanosSinceStart()));
    }

    /** {@link #stateLine(StreamStateChanged)} with {@code time} in front (none when empty). */
    public static String stateLine(StreamStateChanged e, String time) {
        StringBuilder line = new StringBuilder(80);
        head(line, time, e.connectionId());
        return line.append("stream=").append(e.streamId()).append(' ').append(state(e.from())).append(" -> ")
                .append(state(e.to())).append(" on ").append(lower(e.input().name())).toString();
    }

    /** What the connection's trace left out: {@code redact=authorization,cookie,... data=none}, or that it reveals. */
    private static void privacy(StringBuilder line, TracePrivacy privacy) {
        if (privacy == null) {
            return;
        }
        line.append(" redact=").append(String.join(",", privacy.redacted()));
        if (privacy.revealed()) {
            line.append(" REVEALED (credentials in clear)");
        }
        line.append(" data=").append(privacy.allData() ? "all" : privacy.dataMax() == 0 ? "none"
                : privacy.dataMax() + " octets a stream");
    }

    private static void optional(StringBuilder line, String label, String value) {
        if (value != null) {
            line.append(label).append(value);
        }
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** One line per frame: field values as {@code redaction} says, DATA bytes only with {@code showData}. */
    public static String frameLine(FrameEvent e, Redaction redaction, boolean showData) {
        return frameLine(e, redaction, showData, time(e.nanosSinceStart()));
    }

    /** {@link #frameLine(FrameEvent, Redaction, boolean)} with {@code time} in front (none when empty). */
    public static String frameLine(FrameEvent e, Redaction redaction, boolean showData, String time) {
        return frameLine(new StringBuilder(256), e, redaction, showData, time).toString();
    }

    /** {@link #frameLine(FrameEvent, Redaction, boolean, String)} appended to {@code line} (a reused builder, say). */
    public static StringBuilder frameLine(StringBuilder line, FrameEvent e, Redaction redaction, boolean showData,
            String time) {
        frameLine(LineText.of(line), e, redaction, showData, time, null, null, null);
        return line;
    }

    /**
     * {@link #frameLine(StringBuilder, FrameEvent, Redaction, boolean, String)} into {@code line}, with the field lists
     * and window texts of a {@link FrameLineMaker} copied whole when they come again (none kept when null).
     */
    static void frameLine(LineText line, FrameEvent e, Redaction redaction, boolean showData, String time,
            KeptFieldTexts fields, KeptWindowTexts connectionWindows, KeptWindowTexts streamTails) {
        // a line a frame: its constant parts are appended whole (FRAME_HEADS, the kept texts), not piece by piece
        prefix(line, time, e.connectionId(), e.direction());
        FrameHeader header = e.header();
        line.append(FRAME_HEADS[header.typeCode()]).append(header.streamId()).append(" length=").append(header.length());
        FrameDescriber.summary(line, e, redaction, showData, fields);
        if (connectionWindows != null) {
            connectionWindows.append(line, e.connectionSendWindow(), e.connectionReceiveWindow(), null);
        } else {
            connectionWindows(line, e.connectionSendWindow(), e.connectionReceiveWindow());
        }
        if (e.frame().streamId() != 0) {
            if (e.streamSendWindow() < 0 && e.streamReceiveWindow() < 0) {
                line.append(stateTail(e.streamStateAfter()));
            } else if (streamTails != null) {
                streamTails.append(line, e.streamSendWindow(), e.streamReceiveWindow(), e.streamStateAfter());
            } else {
                streamTail(line, e.streamSendWindow(), e.streamReceiveWindow(), e.streamStateAfter());
            }
        }
    }

    /** {@code  | window conn send=65535 recv=65535}: the connection's windows. */
    static void connectionWindows(LineText line, int send, int receive) {
        line.append(" | window conn send=").append(send).append(" recv=").append(receive);
    }

    /** {@code , stream send=65535 recv=65535 | open}: a stream frame's windows ({@code -} when below 0) and state. */
    static void streamTail(LineText line, int send, int receive, StreamState state) {
        window(window(line.append(", stream send="), send).append(" recv="), receive).append(stateTail(state));
    }

    /** A window, {@code -} when there is none. */
    private static LineText window(LineText line, int window) {
        return window < 0 ? line.append('-') : line.append(window);
    }

    /** {@code " | half_closed_local"}, {@code " | -"} when unknown: a frame line's end. */
    static String stateTail(StreamState state) {
        return state == null ? " | -" : STATE_TAILS[state.ordinal()];
    }

    /**
     * The field block of an event that carries {@link HpackBlock} detail, field by field:
     * <pre>
     * [  0.000120] conn=1 send HPACK stream=1 4 fields, 31 octets
     *     size update     max=0
     *     indexed         :method: GET
     *     literal+index   :path: /a (huffman value)
     *   dynamic table after: 1 entry, 47/4096 octets
     *     [62] :path: /a
     * </pre>
     */
    public static String hpackBlock(FrameEvent e, Redaction redaction) {
        return hpackBlock(e, redaction, time(e.nanosSinceStart()));
    }

    /** {@link #hpackBlock(FrameEvent, Redaction)} with {@code time} in front (none when empty). */
    public static String hpackBlock(FrameEvent e, Redaction redaction, String time) {
        HpackBlock block = e.hpack();
        StringBuilder text = new StringBuilder(256);
        prefix(text, time, e.connectionId(), e.direction());
        text.append("HPACK stream=").append(e.frame().streamId()).append(' ')
                .append(block.lines().size()).append(block.lines().size() == 1 ? " field" : " fields");
        for (int size : block.sizeUpdates()) {
            padded(text.append("\n    "), "size update", 15).append(" max=").append(size);
        }
        for (HpackBlock.Line field : block.lines()) {
            padded(text.append("\n    "), representation(field), 15).append(' ')
                    .append(Redaction.escape(field.name())).append(": ")
                    .append(redaction.value(field.name(), field.value()));
            String huffman = huffman(field);
            if (!huffman.isEmpty()) {
                text.append(" (huffman ").append(huffman).append(')');
            }
        }
        List<HeaderField> table = block.tableAfter();
        text.append("\n  dynamic table after: ").append(table.size()).append(table.size() == 1 ? " entry, " : " entries, ")
                .append(block.tableSize()).append('/').append(block.tableMaxSize()).append(" octets");
        for (int i = 0; i < table.size(); i++) {
            HeaderField entry = table.get(i);
            text.append("\n    [").append(StaticTable.LENGTH + 1 + i).append("] ").append(Redaction.escape(entry.name()))
                    .append(": ").append(redaction.value(entry));
        }
        return text.toString();
    }

    /** {@code text} left-aligned in {@code width} columns, as {@code %-Ns} would (a line a frame: no Formatter). */
    private static StringBuilder padded(StringBuilder line, String text, int width) {
        line.append(text);
        for (int i = text.length(); i < width; i++) {
            line.append(' ');
        }
        return line;
    }

    /** {@code [  0.000120] conn=1 send }. */
    public static void prefix(StringBuilder line, long nanosSinceStart, long connectionId, Direction direction) {
        prefix(line, time(nanosSinceStart), connectionId, direction);
    }

    /** {@code TIME conn=1 send }, or {@code conn=1 send } for an empty {@code time}. */
    public static void prefix(StringBuilder line, String time, long connectionId, Direction direction) {
        prefix(LineText.of(line), time, connectionId, direction);
    }

    private static void prefix(LineText line, String time, long connectionId, Direction direction) {
        head(line, time, connectionId);
        line.append(direction == Direction.INBOUND ? "recv " : "send ");
    }

    private static void head(StringBuilder line, String time, long connectionId) {
        head(LineText.of(line), time, connectionId);
    }

    /** {@code TIME conn=1 }, or {@code conn=1 } for an empty {@code time}. */
    private static void head(LineText line, String time, long connectionId) {
        if (!time.isEmpty()) {
            line.append(time).append(' ');
        }
        line.append("conn=").append(connectionId).append(' ');
    }

    /** Seconds with microseconds, right-aligned like nghttp: {@code [  0.000120]}. */
    public static String time(long nanos) {
        long micros = nanos / 1_000;
        return String.format("[%4d.%06d]", micros / 1_000_000, micros % 1_000_000);
    }

    /** {@code half_closed_local}; {@code -} when unknown. */
    public static String state(StreamState state) {
        return state == null ? "-" : STATE_NAMES[state.ordinal()];
    }

    private static String representation(HpackBlock.Line field) {
        return switch (field.representation()) {
            case INDEXED -> "indexed";
            case LITERAL_INDEXED -> "literal+index";
            case LITERAL_NOT_INDEXED -> "literal";
            case LITERAL_NEVER_INDEXED -> "never-indexed";
        };
    }

    private static String huffman(HpackBlock.Line field) {
        if (field.huffmanName() && field.huffmanValue()) {
            return "name, value";
        }
        return field.huffmanName() ? "name" : field.huffmanValue() ? "value" : "";
    }
}
