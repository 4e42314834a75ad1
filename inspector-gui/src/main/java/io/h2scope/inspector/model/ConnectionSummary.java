package io.h2scope.inspector.model;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;

import java.util.Locale;

/**
 * A connection's row in the connections view, in words: the other leg when the recording proxy relayed it or an
 * intermediary case linked it ({@code pair}, "-" when not proxied), which leg of what ({@code leg}: "front of
 * proxy/8.2.2/te-gzip h2sm...", "-" for none), who the peer was, how HTTP/2 was reached, what went through it and how it
 * ended. Read from a {@link ConnectionHistory} as it is now (an open connection's counts grow).
 */
public record ConnectionSummary(String source, long id, String pair, String leg, String peer, String role,
        String transport, String tls, long framesSent, long framesReceived, long octetsSent, long octetsReceived, String ended) {

    private static final String UNKNOWN = "-";

    public static ConnectionSummary of(ConnectionHistory history) {
        ConnectionOpened o = history.opened();
        ConnectionClosed c = history.closed();
        String source = history.recording().sourceName(history.key().source());
        // a proxied connection's other leg: the same bytes, seen from the other peer
        String pair = o == null || !o.paired() ? UNKNOWN : pairNumber(history, o.pair());
        String leg = o == null || o.leg() == null ? UNKNOWN : o.leg().toString();
        String peer = o == null || o.remote() == null ? UNKNOWN : o.remote();
        String role = o == null ? UNKNOWN : o.role().name().toLowerCase(Locale.ROOT);
        String transport = o == null || o.transport() == null ? UNKNOWN : o.transport();
        String tls = o == null || o.tlsVersion() == null ? UNKNOWN
                : o.tlsVersion() + (o.alpn() == null ? "" : ", ALPN " + o.alpn());
        // the transport's own counts once it closed; until then what the frames add up to
        long octetsSent = c == null ? history.octetsSent() : c.bytesSent();
        long octetsReceived = c == null ? history.octetsReceived() : c.bytesReceived();
        return new ConnectionSummary(source, history.number(), pair, leg, peer, role, transport, tls,
                history.framesSent(), history.framesReceived(), octetsSent, octetsReceived, ended(c));
    }

    /** The window's number of the other leg, {@code pair} in the same source (its id there while it is not seen). */
    private static String pairNumber(ConnectionHistory history, long pair) {
        ConnectionHistory other = history.recording().connection(new ConnectionKey(history.key().source(), pair));
        return String.valueOf(other == null ? pair : other.number());
    }

    /** "open", or the GOAWAY (code, last stream, debug), the rule a connection error broke, or "transport closed". */
    static String ended(ConnectionClosed c) {
        if (c == null) {
            return "open";
        }
        StringBuilder text = new StringBuilder();
        switch (c.cause()) {
            case GOAWAY_SENT -> text.append("GOAWAY sent");
            case GOAWAY_RECEIVED -> text.append("GOAWAY received");
            case CONNECTION_ERROR -> text.append("connection error")
                    .append(c.closedBy() == null ? "" : " by " + c.closedBy().name().toLowerCase(Locale.ROOT));
            case TRANSPORT_CLOSED -> text.append("transport closed");
        }
        if (c.errorCode() >= 0) {
            text.append(' ').append(ErrorCode.nameOf(c.errorCode()));
        }
        if (c.lastStreamId() >= 0) {
            text.append(" last_stream=").append(c.lastStreamId());
        }
        if (c.ruleId() != null) {
            text.append(" rule=").append(c.ruleId());
        }
        if (!c.debug().isEmpty()) {
            text.append(" debug=\"").append(c.debug()).append('"');
        }
        return text.toString();
    }
}
