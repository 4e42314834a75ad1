package io.h2scope.engine.trace.explain;

import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.text.ClockText;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * A {@link Finding} as one JSON object on one line, the form {@code trace explain --json} prints (schema in
 * docs/TRACE_FORMAT.md, "Explanations"). Fields that do not apply are left out.
 */
public final class FindingJson {

    /** The schema's version: raised when a field is removed or changes meaning. */
    public static final int VERSION = 1;

    private FindingJson() {
    }

    public static String write(Finding f) {
        StringBuilder o = new StringBuilder(512);
        o.append("{\"v\":").append(VERSION);
        field(o, "severity", f.severity().name().toLowerCase(Locale.ROOT));
        field(o, "kind", f.kind().id());
        o.append(",\"conn\":").append(f.connectionId());
        o.append(",\"streams\":").append(ints(f.streams()));
        o.append(",\"stream_count\":").append(f.streamCount());
        if (f.by() != null) {
            field(o, "by", f.by() == Side.LOCAL ? "local" : "remote");
        }
        field(o, "frame", f.frame());
        field(o, "error", f.code());
        if (f.rule() != null) {
            o.append(",\"rule\":{");
            int start = o.length();
            field(o, "id", f.rule().id());
            field(o, "spec", f.rule().spec());
            field(o, "sentence", f.rule().sentence());
            if (o.charAt(start) == ',') {
                o.deleteCharAt(start);
            }
            o.append('}');
        }
        field(o, "summary", f.summary());
        time(o, f.nanosSinceStart(), f.clock());
        viewpoint(o, f.viewpoint());
        o.append(",\"steps\":[");
        for (int i = 0; i < f.steps().size(); i++) {
            Finding.Step s = f.steps().get(i);
            o.append(i == 0 ? "{" : ",{");
            o.append("\"t_ns\":").append(s.nanosSinceStart());
            if (s.clock() != null) {
                field(o, "clock", ClockText.iso(s.clock()));
            }
            field(o, "text", s.text());
            o.append('}');
        }
        o.append("],\"before\":[");
        for (int i = 0; i < f.before().size(); i++) {
            if (i > 0) {
                o.append(',');
            }
            Json.string(o, f.before().get(i));
        }
        return o.append("]}").toString();
    }

    private static void viewpoint(StringBuilder o, Finding.Viewpoint v) {
        o.append(",\"recorded_by\":{");
        int start = o.length();
        if (v.role() != null) {
            field(o, "role", v.role().name().toLowerCase(Locale.ROOT));
        }
        field(o, "local", v.local());
        field(o, "remote", v.remote());
        if (v.proxied()) {
            o.append(",\"pair\":").append(v.pair());
        }
        if (o.length() > start && o.charAt(start) == ',') {
            o.deleteCharAt(start);
        }
        o.append('}');
    }

    private static void time(StringBuilder o, long nanos, Instant clock) {
        o.append(",\"t_ns\":").append(nanos);
        if (clock != null) {
            field(o, "clock", ClockText.iso(clock));
        }
    }

    /** {@code ,"name":"value"}, or nothing for a null value. */
    private static void field(StringBuilder o, String name, String value) {
        if (value != null) {
            o.append(",\"").append(name).append("\":");
            Json.string(o, value);
        }
    }

    private static String ints(List<Integer> values) {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            text.append(i == 0 ? "" : ",").append(values.get(i));
        }
        return text.append(']').toString();
    }
}
