package io.h2scope.conformance.intermediary.cases;

import io.h2scope.conformance.intermediary.ResponseJudge;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.OriginAnswer;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The origin's scripted answers, each carrying its case's marker so the client can tell whose response it got. */
final class OriginAnswers {

    /** The content of every scripted answer that has one. */
    static final String BODY = "hello";

    private OriginAnswers() {
    }

    /**
     * An HTTP/1.1 answer: {@code statusLine}, then {@code fieldLines} (each ending in CR LF), the marker's field line,
     * the empty line and {@code rest} (content, and whatever follows it), the connection kept open.
     */
    static OriginAnswer http1(Marker m, String statusLine, String fieldLines, String rest) {
        return OriginAnswer.Http1.of(text(m, statusLine, fieldLines, rest), false);
    }

    /** As {@link #http1}, the origin closing the connection after it: the end is part of the answer. */
    static OriginAnswer http1ThenClose(Marker m, String statusLine, String fieldLines, String rest) {
        return OriginAnswer.Http1.of(text(m, statusLine, fieldLines, rest), true);
    }

    /** A 200 with {@code fieldLines} and {@link #BODY} framed by its content-length. */
    static OriginAnswer ok(Marker m, String fieldLines) {
        return http1(m, "HTTP/1.1 200 OK", fieldLines + "content-length: " + BODY.length() + "\r\n", BODY);
    }

    static String text(Marker m, String statusLine, String fieldLines, String rest) {
        return statusLine + "\r\n" + fieldLines + ResponseJudge.MARKER_FIELD + ": " + m + "\r\n\r\n" + rest;
    }

    /** An h2 answer: a HEADERS of {@code :status} and {@code fields} (as given, nothing checked), then DATA {@link #BODY}. */
    static OriginAnswer h2(Marker m, List<HeaderField> fields) {
        List<HeaderField> head = marked(m, fields);
        return new OriginAnswer.H2((peer, stream) -> {
            peer.headers(stream, head, false);
            peer.data(stream, BODY.getBytes(StandardCharsets.US_ASCII), true);
        });
    }

    /** {@code fields} and the marker's field after them. */
    static List<HeaderField> marked(Marker m, List<HeaderField> fields) {
        List<HeaderField> head = new ArrayList<>(fields);
        head.add(new HeaderField(ResponseJudge.MARKER_FIELD, m.value()));
        return head;
    }

    static HeaderField field(String name, String value) {
        return new HeaderField(name, value);
    }

    static HeaderField status(String value) {
        return new HeaderField(":status", value);
    }
}
