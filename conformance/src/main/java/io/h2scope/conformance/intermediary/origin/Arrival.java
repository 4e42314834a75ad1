package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.hpack.HeaderField;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One request as the origin saw it: its head (recorded as soon as it is complete, so that a body that never comes
 * still leaves the head as evidence), the body octets read so far and, over HTTP/1.1, the raw octets of head and body
 * exactly as they came. Written by the origin's connection thread, read by the case: synchronized.
 */
public final class Arrival {

    private final OriginKind kind;
    private final long connection;
    private final int sequence;
    private final String method;
    private final String target;
    private final List<HeaderField> fields;
    private final String problem;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final ByteArrayOutputStream raw = new ByteArrayOutputStream();
    private final List<HeaderField> trailers = new ArrayList<>();
    private boolean complete;
    private long answered;
    private String cancelled;

    /**
     * @param connection the origin's number for the connection it came on
     * @param sequence   its place on that connection, from 1
     * @param fields     the fields in the order they came, names as they came (pseudo-header fields included over h2)
     * @param problem    why the origin's parser refused it, or null
     */
    public Arrival(OriginKind kind, long connection, int sequence, String method, String target, List<HeaderField> fields,
            byte[] rawHead, String problem) {
        this.kind = kind;
        this.connection = connection;
        this.sequence = sequence;
        this.method = method;
        this.target = target;
        this.fields = List.copyOf(fields);
        this.problem = problem;
        raw.writeBytes(rawHead);
    }

    public OriginKind kind() {
        return kind;
    }

    public long connection() {
        return connection;
    }

    public int sequence() {
        return sequence;
    }

    public String method() {
        return method;
    }

    /** The request target (HTTP/1.1) or {@code :path} (h2). */
    public String target() {
        return target;
    }

    public List<HeaderField> fields() {
        return fields;
    }

    /** Why the origin's parser refused this request (HTTP/1.1 only), if it did. */
    public Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    /** Every value of the regular fields named {@code name}, compared without case (HTTP/1.1 names have any case). */
    public List<String> values(String name) {
        return fields.stream().filter(f -> f.name().equalsIgnoreCase(name)).map(HeaderField::value).toList();
    }

    /** The names exactly as they arrived. */
    public List<String> names() {
        return fields.stream().map(HeaderField::name).toList();
    }

    public boolean has(String name) {
        return !values(name).isEmpty();
    }

    synchronized void body(byte[] octets, int off, int len) {
        body.write(octets, off, len);
    }

    synchronized void raw(byte[] octets, int off, int len) {
        raw.write(octets, off, len);
    }

    synchronized void trailers(List<HeaderField> fields) {
        trailers.addAll(fields);
    }

    /** {@code octets} more of the response went to the intermediary (its connection took them). */
    synchronized void answered(long octets) {
        answered += octets;
    }

    /**
     * How many octets of the response the intermediary has taken from the origin so far: written to its HTTP/1.1
     * connection (head and framing included), or sent as DATA within its h2 windows (the body alone). What it reads
     * ahead of a slow client shows here.
     */
    public synchronized long answeredOctets() {
        return answered;
    }

    synchronized void complete() {
        complete = true;
    }

    /** The intermediary gave up on this request or its response before either ended ({@code how}: a reset, a close). */
    synchronized void cancelled(String how) {
        if (cancelled == null) {
            cancelled = how;
        }
    }

    /** How the intermediary gave up on this request or its response at the origin, if it did. */
    public synchronized Optional<String> cancelled() {
        return Optional.ofNullable(cancelled);
    }

    public synchronized byte[] body() {
        return body.toByteArray();
    }

    public synchronized List<HeaderField> trailers() {
        return List.copyOf(trailers);
    }

    /** Whether its whole body (as its own framing says) has come. */
    public synchronized boolean isComplete() {
        return complete;
    }

    /** The octets as they came over HTTP/1.1 (head and body); over h2, empty. */
    public synchronized byte[] raw() {
        return raw.toByteArray();
    }

    /** The head in a line: method, target and fields, control octets escaped. */
    public String head() {
        StringBuilder out = new StringBuilder(method).append(' ').append(target);
        for (HeaderField f : fields) {
            out.append(" | ").append(f.name()).append(": ").append(f.value());
        }
        return PrintableOctets.of(out.toString());
    }

    /** What the case shows as evidence: the raw octets over HTTP/1.1, the head over h2; bounded, escaped. */
    public String evidence() {
        byte[] octets = raw();
        String text = octets.length > 0 ? new String(octets, StandardCharsets.ISO_8859_1) : head();
        return "origin " + kind.name().toLowerCase(Locale.ROOT) + " connection " + connection + " request " + sequence
                + ": " + PrintableOctets.of(text);
    }

    @Override
    public String toString() {
        return evidence();
    }
}
