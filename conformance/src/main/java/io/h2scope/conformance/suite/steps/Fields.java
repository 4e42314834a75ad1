package io.h2scope.conformance.suite.steps;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Field lists for the HTTP-message cases (RFC 9113 §8): a valid request head bent one way, sent
 * with the fields written into the evidence (a HEADERS line shows only octets).
 */
public final class Fields {

    private Fields() {
    }

    public static HeaderField field(String name, String value) {
        return new HeaderField(name, value);
    }

    /** The target's valid GET head followed by {@code extra}. */
    public static List<HeaderField> getWith(Peer p, HeaderField... extra) {
        return append(p.requestHeaders(p.target().path()), extra);
    }

    /** The target's valid POST head followed by {@code extra}. */
    public static List<HeaderField> postWith(Peer p, HeaderField... extra) {
        return append(p.requestHeaders("POST", p.target().path()), extra);
    }

    public static List<HeaderField> append(List<HeaderField> head, HeaderField... extra) {
        List<HeaderField> all = new ArrayList<>(head);
        all.addAll(Arrays.asList(extra));
        return List.copyOf(all);
    }

    /** {@code fields} minus every field named {@code name}. */
    public static List<HeaderField> without(List<HeaderField> fields, String name) {
        return fields.stream().filter(f -> !f.name().equals(name)).toList();
    }

    /** {@code fields} with the value of {@code name} replaced. */
    public static List<HeaderField> with(List<HeaderField> fields, String name, String value) {
        return fields.stream().map(f -> f.name().equals(name) ? field(name, value) : f).toList();
    }

    /** {@code fields} with the field named {@code name} repeated right after itself. */
    public static List<HeaderField> duplicated(List<HeaderField> fields, String name) {
        List<HeaderField> all = new ArrayList<>();
        for (HeaderField f : fields) {
            all.add(f);
            if (f.name().equals(name)) {
                all.add(f);
            }
        }
        return List.copyOf(all);
    }

    /** Handshakes, then sends a whole GET on stream 1 whose head also carries {@code extra}; returns 1. */
    public static int getOnStream1(Peer p, HeaderField... extra) throws HandshakeException {
        p.handshake();
        send(p, 1, getWith(p, extra), true);
        return 1;
    }

    /** One HEADERS (END_HEADERS) with {@code fields}, which are noted in the evidence first. */
    public static void send(Peer p, int streamId, List<HeaderField> fields, boolean endStream) {
        p.note("field block for stream " + streamId + (endStream ? " (END_STREAM)" : "") + ": " + show(fields));
        p.sendHeaders(streamId, fields, endStream);
    }

    /** {@code name: value} pairs, control characters and edges made visible. */
    public static String show(List<HeaderField> fields) {
        return fields.stream().map(f -> "\"" + visible(f.name()) + ": " + visible(f.value()) + "\"")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private static String visible(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == 0x7f || c > 0x7e) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
