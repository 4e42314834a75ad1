package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.check.FrameRule;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.rules.KnownRules;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionLeg;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.engine.trace.text.ClockText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Every {@link TraceEvent} kind as one JSON object, schema version {@value #VERSION}
 * (docs/TRACE_FORMAT.md, field by field), and back. Lines are written by {@link #write(TraceEvent, LineOctets)}
 * alone: the frequent kinds (frames, states, windows, HPACK entries added and evicted) by
 * {@link FrequentEventLines}, the rest here. Frame lines are read by {@link FrameEventJson}; version 1 lines
 * (frames, states, violations) are still read.
 */
public final class TraceEventJson {

    /** The version written; a reader takes this one and every older one. */
    public static final int VERSION = 3;

    private static final Set<String> KINDS = Set.of("opened", "closed", "state", "window", "settings", "settings_ack",
            "settings_in_force", "hpack_add", "hpack_evict", "hpack_resize", "violation", "error", "snapshot",
            "http1_head");

    private TraceEventJson() {
    }

    /** The event as one line of JSON, without the newline. */
    public static String write(TraceEvent event) {
        return write(event, new LineOctets(event instanceof FrameEvent ? 512 : 160)).text();
    }

    /**
     * Appends the event as one line of JSON, without the newline, to {@code out}; returns {@code out}. The one
     * encoder of every line written: the frequent kinds are {@link FrequentEventLines}', the others this class's.
     */
    public static LineOctets write(TraceEvent event, LineOctets out) {
        if (!FrequentEventLines.write(event, out)) {
            out.putAscii(rare(event, new StringBuilder(160))); // the lines are ASCII: Json.string escapes the rest
        }
        return out;
    }

    /** The line of a kind that is not {@link FrequentEventLines}' (text is fast enough for kinds this rare). */
    private static StringBuilder rare(TraceEvent event, StringBuilder out) {
        out.append("{\"v\":").append(VERSION).append(",\"kind\":\"").append(kind(event)).append("\",\"conn\":")
                .append(event.connectionId()).append(",\"t_ns\":").append(event.nanosSinceStart());
        if (event instanceof ConnectionOpened e) {
            out.append(",\"role\":\"").append(lower(e.role())).append('"');
            if (e.clock() != null) {
                out.append(",\"clock\":\"").append(ClockText.iso(e.clock())).append('"');
            }
            optional(out, "local", e.local());
            optional(out, "remote", e.remote());
            optional(out, "transport", e.transport());
            optional(out, "tls", e.tlsVersion());
            optional(out, "cipher", e.cipherSuite());
            optional(out, "alpn", e.alpn());
            optional(out, "sni", e.sni());
            if (e.paired()) {
                out.append(",\"pair\":").append(e.pair());
            }
            if (e.leg() != null) {
                optional(out, "leg", e.leg().name());
                optional(out, "leg_of", e.leg().of());
            }
            privacy(out, e.privacy());
        } else if (event instanceof ConnectionClosed e) {
            if (e.closedBy() != null) {
                out.append(",\"by\":\"").append(lower(e.closedBy())).append('"');
            }
            out.append(",\"cause\":\"").append(lower(e.cause())).append("\",\"error_code\":").append(e.errorCode());
            if (e.errorCode() >= 0) {
                out.append(",\"error\":\"").append(ErrorCode.nameOf(e.errorCode())).append('"');
            }
            out.append(",\"last_stream\":").append(e.lastStreamId()).append(",\"debug\":");
            Json.string(out, e.debug());
            optional(out, "rule", e.ruleId());
            out.append(",\"bytes_sent\":").append(e.bytesSent()).append(",\"bytes_recv\":").append(e.bytesReceived())
                    .append(",\"frames_sent\":").append(e.framesSent()).append(",\"frames_recv\":")
                    .append(e.framesReceived());
        } else if (event instanceof SettingsAnnounced e) {
            out.append(",\"side\":\"").append(lower(e.side())).append("\",\"entries\":[");
            for (int i = 0; i < e.entries().size(); i++) {
                Setting s = e.entries().get(i);
                out.append(i == 0 ? "[\"" : ",[\"").append(s.id().name()).append("\",").append(s.value()).append(']');
            }
            out.append(']');
        } else if (event instanceof SettingsAcknowledged e) {
            out.append(",\"side\":\"").append(lower(e.side())).append('"');
        } else if (event instanceof SettingsInForce e) {
            out.append(",\"side\":\"").append(lower(e.side())).append("\",\"values\":");
            values(out, e.settings());
        } else if (event instanceof HpackTableResized e) {
            out.append(",\"table\":\"").append(lower(e.table())).append("\",\"max\":").append(e.maxSize());
        } else if (event instanceof ViolationReceived e) {
            FrameHeader h = e.header();
            Violation v = e.violation();
            out.append(",\"dir\":\"recv\",\"stream\":").append(h.streamId()).append(",\"type\":\"")
                    .append(FrameType.nameOf(h.typeCode())).append("\",\"type_code\":").append(h.typeCode())
                    .append(",\"flags\":").append(h.flags()).append(",\"length\":").append(h.length())
                    .append(",\"reserved\":").append(h.reservedBit()).append(",\"spec\":");
            Json.string(out, v.spec().toString());
            out.append(",\"error\":\"").append(v.code().name()).append("\",\"scope\":\"").append(v.scope().name())
                    .append("\",\"rule\":\"").append(e.ruleId()).append('"');
            if (v.rule() instanceof FrameRule frameRule) {
                out.append(",\"rule_name\":\"").append(frameRule.name()).append('"');
            }
            out.append(",\"detail\":");
            Json.string(out, v.detail());
        } else if (event instanceof SnapshotTaken e) {
            ConnectionSnapshot snap = e.snapshot();
            out.append(",\"streams\":[");
            boolean first = true;
            for (Map.Entry<Integer, ConnectionSnapshot.Stream> st : snap.streams().entrySet()) {
                out.append(first ? "[" : ",[").append(st.getKey()).append(",\"").append(lower(st.getValue().state()))
                        .append("\",").append(st.getValue().sendWindow()).append(',')
                        .append(st.getValue().receiveWindow()).append(']');
                first = false;
            }
            out.append("],\"conn_send\":").append(snap.connectionSendWindow()).append(",\"conn_recv\":")
                    .append(snap.connectionReceiveWindow()).append(",\"decoder\":");
            table(out, snap.decoderTable());
            out.append(",\"decoder_max\":").append(snap.decoderMaxSize()).append(",\"encoder\":");
            table(out, snap.encoderTable());
            out.append(",\"encoder_max\":").append(snap.encoderMaxSize()).append(",\"local\":");
            values(out, snap.localSettings());
            out.append(",\"remote\":");
            values(out, snap.remoteSettings());
        } else if (event instanceof Http1Head e) {
            out.append(",\"dir\":\"").append(e.sent() ? "send" : "recv").append("\",\"head\":");
            Json.string(out, e.head());
        } else if (event instanceof ErrorRaised e) {
            out.append(",\"scope\":\"").append(e.scope().name()).append("\",\"stream\":").append(e.streamId())
                    .append(",\"error\":\"").append(e.code().name()).append("\",\"spec\":");
            Json.string(out, e.spec());
            out.append(",\"rule\":");
            Json.string(out, e.ruleId());
            out.append(",\"detail\":");
            Json.string(out, e.detail());
        }
        return out.append('}');
    }

    /**
     * The event a line describes, or null for a kind this reader does not know (skipped, as the format says).
     *
     * @throws IllegalArgumentException naming what is wrong with the line
     */
    @SuppressWarnings("unchecked")
    public static TraceEvent read(Map<String, Object> o) {
        long version = number(o, "v");
        if (version < 1 || version > VERSION) {
            throw new IllegalArgumentException("trace schema version " + version + " is not supported (this reader "
                    + "knows versions 1 to " + VERSION + ")");
        }
        Object kind = o.get("kind");
        if (kind == null || "frame".equals(kind)) {
            return FrameEventJson.read(o);
        }
        if (!KINDS.contains(kind)) {
            return null;
        }
        long conn = number(o, "conn");
        long t = number(o, "t_ns");
        switch ((String) kind) {
            case "opened":
                return new ConnectionOpened(conn, t, named(Role.class, text(o, "role")), optional(o, "local"),
                        optional(o, "remote"), optional(o, "transport"), optional(o, "tls"), optional(o, "cipher"),
                        optional(o, "alpn"), optional(o, "sni"),
                        o.containsKey("pair") ? number(o, "pair") : ConnectionOpened.NO_PAIR,
                        o.containsKey("clock") ? ClockText.parseIso(text(o, "clock")) : null, privacy(o),
                        o.containsKey("leg") ? new ConnectionLeg(text(o, "leg"), optional(o, "leg_of")) : null);
            case "http1_head":
                String dir = text(o, "dir");
                if (!dir.equals("send") && !dir.equals("recv")) {
                    throw new IllegalArgumentException("\"dir\" is \"" + dir + "\"; accepted: \"send\" or \"recv\"");
                }
                return new Http1Head(conn, t, dir.equals("send"), text(o, "head"));
            case "closed":
                return new ConnectionClosed(conn, t, o.containsKey("by") ? named(Side.class, text(o, "by")) : null,
                        named(ConnectionClosed.Cause.class, text(o, "cause")), number(o, "error_code"),
                        (int) number(o, "last_stream"), text(o, "debug"), optional(o, "rule"), number(o, "bytes_sent"),
                        number(o, "bytes_recv"), number(o, "frames_sent"), number(o, "frames_recv"));
            case "state":
                return new StreamStateChanged(conn, t, (int) number(o, "stream"), named(StreamState.class, text(o, "from")),
                        named(StreamState.class, text(o, "to")), named(StreamInput.class, text(o, "input")));
            case "window":
                return new WindowChanged(conn, t, (int) number(o, "stream"),
                        "send".equals(text(o, "side")) ? WindowSide.SEND : WindowSide.RECEIVE, (int) number(o, "old"),
                        (int) number(o, "new"), named(WindowCause.class, text(o, "cause")));
            case "settings":
                List<Setting> entries = new ArrayList<>();
                for (Object item : list(o, "entries")) {
                    List<Object> pair = (List<Object>) item;
                    entries.add(new Setting(SettingId.valueOf((String) pair.get(0)), (Long) pair.get(1)));
                }
                return new SettingsAnnounced(conn, t, named(Side.class, text(o, "side")), entries);
            case "settings_ack":
                return new SettingsAcknowledged(conn, t, named(Side.class, text(o, "side")));
            case "settings_in_force":
                return new SettingsInForce(conn, t, named(Side.class, text(o, "side")), settings(o, "values"));
            case "snapshot":
                java.util.TreeMap<Integer, ConnectionSnapshot.Stream> streams = new java.util.TreeMap<>();
                for (Object item : list(o, "streams")) {
                    List<Object> st = (List<Object>) item;
                    streams.put(((Long) st.get(0)).intValue(), new ConnectionSnapshot.Stream(
                            named(StreamState.class, (String) st.get(1)), ((Long) st.get(2)).intValue(),
                            ((Long) st.get(3)).intValue()));
                }
                return new SnapshotTaken(conn, t, new ConnectionSnapshot(streams, (int) number(o, "conn_send"),
                        (int) number(o, "conn_recv"), table(o, "decoder"), (int) number(o, "decoder_max"),
                        table(o, "encoder"), (int) number(o, "encoder_max"), settings(o, "local"),
                        settings(o, "remote")));
            case "hpack_add":
                return new HpackEntryAdded(conn, t, named(HpackContext.class, text(o, "table")), text(o, "name"),
                        text(o, "value"), (int) number(o, "size"));
            case "hpack_evict":
                return new HpackEntriesEvicted(conn, t, named(HpackContext.class, text(o, "table")),
                        (int) number(o, "count"));
            case "hpack_resize":
                return new HpackTableResized(conn, t, named(HpackContext.class, text(o, "table")),
                        (int) number(o, "max"));
            case "violation":
                FrameHeader header = new FrameHeader((int) number(o, "length"), (int) number(o, "type_code"),
                        (int) number(o, "flags"), (int) number(o, "stream"), Boolean.TRUE.equals(o.get("reserved")));
                // the rule by its id; files written before every violation named its rule have rule_name for frame rules
                String ruleName = optional(o, "rule_name");
                Violation violation = new Violation(spec(text(o, "spec")), ErrorScope.valueOf(text(o, "scope")),
                        ErrorCode.valueOf(text(o, "error")), text(o, "detail"),
                        KnownRules.byId(optional(o, "rule")).orElse(ruleName == null ? null : FrameRule.valueOf(ruleName)));
                return new ViolationReceived(conn, t, header, violation);
            case "error":
                return new ErrorRaised(conn, t, ErrorScope.valueOf(text(o, "scope")), (int) number(o, "stream"),
                        ErrorCode.valueOf(text(o, "error")), text(o, "spec"), text(o, "rule"), text(o, "detail"));
            default:
                return null;
        }
    }

    /** An opened line's {@code redact}, {@code reveal} and {@code data_max}: what its connection's trace left out. */
    private static void privacy(StringBuilder out, TracePrivacy privacy) {
        if (privacy == null) {
            return;
        }
        out.append(",\"redact\":[");
        for (int i = 0; i < privacy.redacted().size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            Json.string(out, privacy.redacted().get(i));
        }
        out.append(']');
        if (privacy.revealed()) {
            out.append(",\"reveal\":true");
        }
        if (!privacy.allData()) {
            out.append(",\"data_max\":").append(privacy.dataMax());
        }
    }

    /** The privacy an opened line states, or null when it states none ({@code redact} absent). */
    private static TracePrivacy privacy(Map<String, Object> o) {
        if (!o.containsKey("redact")) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (Object name : list(o, "redact")) {
            if (!(name instanceof String s)) {
                throw new IllegalArgumentException("\"redact\" holds " + name + ", not a field name");
            }
            names.add(s);
        }
        long dataMax = o.containsKey("data_max") ? number(o, "data_max") : TracePrivacy.ALL_DATA;
        if (dataMax < 0) {
            throw new IllegalArgumentException("\"data_max\" " + dataMax + " is negative");
        }
        return new TracePrivacy(names, Boolean.TRUE.equals(o.get("reveal")), dataMax);
    }

    private static void values(StringBuilder out, Settings settings) {
        SettingId[] ids = SettingId.values();
        out.append('{');
        for (int i = 0; i < ids.length; i++) {
            out.append(i == 0 ? "\"" : ",\"").append(ids[i].name()).append("\":").append(settings.get(ids[i]));
        }
        out.append('}');
    }

    @SuppressWarnings("unchecked")
    private static Settings settings(Map<String, Object> o, String name) {
        if (!(o.get(name) instanceof Map<?, ?> values)) {
            throw new IllegalArgumentException("\"" + name + "\" is missing or not an object");
        }
        Settings settings = Settings.DEFAULTS;
        for (SettingId id : SettingId.values()) {
            settings = settings.apply(id, number((Map<String, Object>) values, id.name()));
        }
        return settings;
    }

    private static void table(StringBuilder out, List<HeaderField> fields) {
        out.append('[');
        for (int i = 0; i < fields.size(); i++) {
            out.append(i == 0 ? "[" : ",[");
            Json.string(out, fields.get(i).name());
            out.append(',');
            Json.string(out, fields.get(i).value());
            out.append(']');
        }
        out.append(']');
    }

    @SuppressWarnings("unchecked")
    private static List<HeaderField> table(Map<String, Object> o, String name) {
        List<HeaderField> fields = new ArrayList<>();
        for (Object item : list(o, name)) {
            List<Object> pair = (List<Object>) item;
            fields.add(new HeaderField((String) pair.get(0), (String) pair.get(1)));
        }
        return fields;
    }

    /** The {@code "kind"} of each event {@link #rare} writes. */
    private static String kind(TraceEvent event) {
        if (event instanceof ConnectionOpened) {
            return "opened";
        } else if (event instanceof ConnectionClosed) {
            return "closed";
        } else if (event instanceof SettingsAnnounced) {
            return "settings";
        } else if (event instanceof SettingsAcknowledged) {
            return "settings_ack";
        } else if (event instanceof SettingsInForce) {
            return "settings_in_force";
        } else if (event instanceof HpackTableResized) {
            return "hpack_resize";
        } else if (event instanceof ViolationReceived) {
            return "violation";
        } else if (event instanceof SnapshotTaken) {
            return "snapshot";
        } else if (event instanceof ErrorRaised) {
            return "error";
        } else if (event instanceof Http1Head) {
            return "http1_head";
        }
        throw new IllegalStateException("no line for " + event.getClass().getSimpleName());
    }

    /** {@code RFC 9113 §6.7} back into its {@link SpecRef}. */
    private static SpecRef spec(String text) {
        int mark = text.indexOf('\u00a7');
        if (mark > 0) {
            String title = text.substring(0, mark).trim();
            for (SpecRef.Rfc rfc : SpecRef.Rfc.values()) {
                if (rfc.title().equals(title)) {
                    return new SpecRef(rfc, text.substring(mark + 1));
                }
            }
        }
        throw new IllegalArgumentException("\"spec\" is not an RFC section like \"RFC 9113 \u00a76.7\": " + text);
    }

    static <E extends Enum<E>> E named(Class<E> type, String name) {
        try {
            return Enum.valueOf(type, name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + name + "\" is not a " + type.getSimpleName() + " name");
        }
    }

    private static String lower(Enum<?> value) {
        return LowerCaseNames.of(value);
    }

    private static void optional(StringBuilder out, String name, String value) {
        if (value != null) {
            out.append(",\"").append(name).append("\":");
            Json.string(out, value);
        }
    }

    private static String optional(Map<String, Object> o, String name) {
        Object value = o.get(name);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new IllegalArgumentException("\"" + name + "\" is not a string");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Map<String, Object> o, String name) {
        if (o.get(name) instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw new IllegalArgumentException("\"" + name + "\" is missing or not an array");
    }

    static long number(Map<String, Object> o, String name) {
        if (o.get(name) instanceof Long n) {
            return n;
        }
        throw new IllegalArgumentException("\"" + name + "\" is missing or not an integer");
    }

    static String text(Map<String, Object> o, String name) {
        if (o.get(name) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("\"" + name + "\" is missing or not a string");
    }
}
