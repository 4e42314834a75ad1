package io.h2scope.engine.trace.model;

import java.util.Objects;

/**
 * The head of an HTTP/1.1 message exchanged before HTTP/2 began: the client's {@code Upgrade: h2c} request or the
 * server's answer to it, 101 or not (RFC 7540 §3.2). Published after the connection's opening, at the time HTTP/2
 * began for the engine's own connections (they were exchanged before it), as read for an observed one. Also each
 * message of a connection that never speaks HTTP/2 (an intermediary case's HTTP/1.1 origin leg): its octets as they
 * went, made readable by its publisher (docs/TRACE_FORMAT.md).
 *
 * @param sent whether this side sent it (the request for a client, the answer for a server)
 * @param head the start line and the fields, one a line ({@code \n}), without the final empty line
 */
public record Http1Head(long connectionId, long nanosSinceStart, boolean sent, String head) implements TraceEvent {

    public Http1Head {
        Objects.requireNonNull(head, "head");
    }

    /** The head's first line: {@code GET / HTTP/1.1}, {@code HTTP/1.1 101 Switching Protocols}. */
    public String startLine() {
        int end = head.indexOf('\n');
        return end < 0 ? head : head.substring(0, end);
    }
}
