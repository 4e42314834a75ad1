package io.h2scope.engine.trace.text;

import io.h2scope.engine.error.ErrorCode;
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
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.trace.model.FrameEvent;

import java.util.List;

/**
 * Describes a frame on one line: type, stream, length, flags by name, then the decoded payload
 * (settings and error codes by name). Used by {@code h2scope frames decode} and as conformance
 * evidence; the full trace line (time, direction, windows) builds on it.
 */
public final class FrameDescriber {

    private static final int MAX_SHOWN_BYTES = 64;

    private FrameDescriber() {
    }

    /** E.g. {@code PING          stream=0 length=8 flags=ACK opaque=0102030405060708}. */
    public static String line(Frame frame) {
        String flags = Flags.describe(frame.typeCode(), frame.flags());
        return String.format("%-13s stream=%d length=%d%s%s", FrameType.nameOf(frame.typeCode()), frame.streamId(),
                frame.payloadLength(), flags.isEmpty() ? "" : " flags=" + flags, payload(frame));
    }

    /**
     * The part of a trace line after type, stream and length: flags by name, then the decoded payload, with a leading
     * space (empty for a frame with neither), e.g. {@code  flags=END_HEADERS {:status: 200}}. A completed field block
     * shows its decoded fields instead of the fragment size, their values as {@code redaction} says; DATA bytes only
     * with {@code showData}, and then what the trace left out of them. The inspector's frame list shows it beside
     * those columns.
     */
    public static String summary(FrameEvent event, Redaction redaction, boolean showData) {
        return summary(new StringBuilder(), event, redaction, showData).toString();
    }

    /** {@link #summary(FrameEvent, Redaction, boolean)} appended to {@code text} (a trace line being built). */
    public static StringBuilder summary(StringBuilder text, FrameEvent event, Redaction redaction, boolean showData) {
        summary(LineText.of(text), event, redaction, showData, null);
        return text;
    }

    /** {@link #summary(StringBuilder, FrameEvent, Redaction, boolean)}, a field list copied from {@code kept} if there. */
    static void summary(LineText text, FrameEvent event, Redaction redaction, boolean showData, KeptFieldTexts kept) {
        head(text, event, showData);
        List<HeaderField> headers = event.headers();
        if (headers.isEmpty() || event.frame() instanceof DataFrame) {
            return;
        }
        if (kept != null) {
            kept.append(text, headers, redaction);
        } else {
            fields(text, headers, redaction);
        }
    }

    /**
     * {@link #summary(FrameEvent, Redaction, boolean) summary} up to a completed field block's fields (the whole
     * summary for a frame without them): what the inspector keeps of each frame to search its line without reading it
     * again, the fields kept apart.
     */
    public static StringBuilder head(StringBuilder text, FrameEvent event, boolean showData) {
        head(LineText.of(text), event, showData);
        return text;
    }

    private static void head(LineText text, FrameEvent event, boolean showData) {
        Frame frame = event.frame();
        String flags = Flags.describe(frame.typeCode(), frame.flags());
        if (!flags.isEmpty()) {
            text.append(" flags=").append(flags);
        }
        if (frame instanceof DataFrame d) {
            text.append(showData ? data(d, event.dataOmitted()) : padding(d.padLength()));
        } else if (!event.headers().isEmpty()) {
            text.append(blockPrefix(frame)).append(' ');
        } else {
            text.append(payload(frame));
        }
    }

    /** {@code {:method: GET, :path: /, cookie: <redacted 12 bytes>}}. */
    public static String fields(List<HeaderField> headers, Redaction redaction) {
        StringBuilder text = new StringBuilder();
        fields(LineText.of(text), headers, redaction);
        return text.toString();
    }

    static LineText fields(LineText text, List<HeaderField> headers, Redaction redaction) {
        text.append('{');
        for (int i = 0, n = headers.size(); i < n; i++) { // indexed: the lists here are RandomAccess (HeaderList)
            HeaderField field = headers.get(i);
            if (i > 0) {
                text.append(", ");
            }
            text.append(Redaction.escape(field.name())).append(": ").append(redaction.value(field));
        }
        return text.append('}');
    }

    /** A DATA frame's bytes, and how many of them its trace did not keep. */
    private static String data(DataFrame d, int omitted) {
        String kept = d.data().length == 0 && omitted > 0 ? " payload not recorded"
                : " data=" + printable(d.data()) + (omitted > 0 ? ", " + omitted + " more octets not recorded" : "");
        return kept + padding(d.padLength());
    }

    /**
     * {@link #head} of a frame whose payload was not read (an index of a recording keeps only its header and fields),
     * where the header tells it: DATA and HEADERS without padding or priority, CONTINUATION; else null.
     */
    public static String head(FrameHeader header, boolean hasFields) {
        int type = header.typeCode();
        int flags = header.flags();
        boolean plain = (flags & (Flags.PADDED | Flags.PRIORITY)) == 0;
        String named = Flags.describe(type, flags);
        String text = named.isEmpty() ? "" : " flags=" + named;
        if (type == FrameType.DATA.code() && plain) {
            return text;
        } else if ((type == FrameType.HEADERS.code() && plain) || type == FrameType.CONTINUATION.code()) {
            return text + (hasFields ? " " : fragment(header.length()));
        }
        return null;
    }

    private static String fragment(int length) {
        return " fragment=" + length + "B";
    }

    private static String blockPrefix(Frame frame) {
        if (frame instanceof HeadersFrame h) {
            return h.priority() == null && h.padLength() < 0 ? "" : priority(h.priority()) + padding(h.padLength());
        } else if (frame instanceof PushPromiseFrame p) {
            return " promised=" + p.promisedStreamId() + padding(p.padLength());
        }
        return "";
    }

    private static String payload(Frame frame) {
        if (frame instanceof DataFrame d) {
            return " data=" + printable(d.data()) + padding(d.padLength());
        } else if (frame instanceof HeadersFrame h) {
            return priority(h.priority()) + padding(h.padLength()) + fragment(h.fragment().length);
        } else if (frame instanceof PriorityFrame p) {
            return priority(p.priority());
        } else if (frame instanceof RstStreamFrame r) {
            return " error=" + ErrorCode.nameOf(r.errorCode());
        } else if (frame instanceof SettingsFrame s) {
            StringBuilder text = new StringBuilder();
            for (RawSetting setting : s.settings()) {
                text.append(' ').append(SettingId.nameOf(setting.id())).append('=').append(setting.value());
            }
            return text.toString();
        } else if (frame instanceof PushPromiseFrame p) {
            return " promised=" + p.promisedStreamId() + padding(p.padLength()) + fragment(p.fragment().length);
        } else if (frame instanceof PingFrame p) {
            return String.format(" opaque=%016x", p.opaqueData());
        } else if (frame instanceof GoAwayFrame g) {
            return " last_stream=" + g.lastStreamId() + " error=" + ErrorCode.nameOf(g.errorCode())
                    + (g.debugData().length == 0 ? "" : " debug=" + printable(g.debugData()));
        } else if (frame instanceof WindowUpdateFrame w) {
            return " increment=" + w.increment();
        } else if (frame instanceof ContinuationFrame c) {
            return fragment(c.fragment().length);
        } else if (frame instanceof UnknownFrame u) {
            return " (unknown type, ignored per RFC 9113 §5.5) payload=" + u.payload().length + "B";
        }
        return "";
    }

    private static String priority(Priority p) {
        if (p == null) {
            return "";
        }
        return " depends_on=" + p.dependency() + (p.exclusive() ? " exclusive" : "") + " weight=" + p.weight();
    }

    private static String padding(int padLength) {
        return padLength < 0 ? "" : " pad=" + padLength;
    }

    /** Bytes as text with non-printable ones escaped, cut at a readable length. */
    public static String printable(byte[] bytes) {
        StringBuilder text = new StringBuilder("\"");
        int shown = Math.min(bytes.length, MAX_SHOWN_BYTES);
        for (int i = 0; i < shown; i++) {
            int b = bytes[i] & 0xff;
            if (b == '"' || b == '\\') {
                text.append('\\').append((char) b);
            } else if (b == '\r') {
                text.append("\\r");
            } else if (b == '\n') {
                text.append("\\n");
            } else if (b == '\t') {
                text.append("\\t");
            } else if (b >= 0x20 && b < 0x7f) {
                text.append((char) b);
            } else {
                text.append(String.format("\\x%02x", b));
            }
        }
        text.append('"');
        if (bytes.length > shown) {
            text.append("... (").append(bytes.length).append(" bytes)");
        }
        return text.toString();
    }
}
