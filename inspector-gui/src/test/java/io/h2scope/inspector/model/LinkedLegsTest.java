package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionLeg;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.Redaction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An intermediary case's legs read from its events: which connection is which leg, an HTTP/1.1 leg's octets readable. */
class LinkedLegsTest {

    private static final String OF = "proxy/8.2.3/cookie-crumbs-joined h2sm0123456789ab";

    private static final List<TraceEvent> EXCHANGE = List.of(
            ConnectionOpened.of(7, 0, Role.CLIENT, ConnectionOrigin.UNKNOWN).linked(new ConnectionLeg(ConnectionLeg.FRONT, OF), 8),
            ConnectionOpened.of(8, 0, Role.SERVER, ConnectionOrigin.UNKNOWN).linked(new ConnectionLeg(ConnectionLeg.ORIGIN, OF), 7),
            new Http1Head(8, 1_000, false, "GET /h2scope/h2sm0123456789ab HTTP/1.1\ncookie: a=1; b=2\nx: \\r"),
            new Http1Head(8, 2_000, true, "HTTP/1.1 200 OK\ncontent-length: 2\n\nok"),
            ConnectionOpened.of(9, 0, Role.CLIENT, ConnectionOrigin.UNKNOWN));

    @Test
    void eachLegHasItsConnectionsAndAnHttp1LegItsMessagesLineByLine() {
        LinkedLegs legs = LinkedLegs.of(EXCHANGE, Redaction.DEFAULT);
        assertEquals(1, legs.front().size());
        assertEquals(7, legs.front().get(0).opened().connectionId());
        assertEquals(1, legs.origin().size(), "a connection that is no leg is left out");
        List<LinkedLegs.Line> lines = legs.origin().get(0).lines();
        assertEquals(2, lines.size());
        assertEquals(-1, lines.get(0).frame(), "an HTTP/1.1 message is no frame");
        assertTrue(lines.get(0).text().startsWith("+0.000001s << HTTP/1.1 received\nGET /h2scope/h2sm0123456789ab"),
                lines.get(0).text());
        assertTrue(lines.get(0).text().contains("\ncookie: <redacted"), "values are hidden as the window hides them: "
                + lines.get(0).text());
        assertTrue(lines.get(1).text().endsWith(">> HTTP/1.1 sent\nHTTP/1.1 200 OK\ncontent-length: 2\n\nok"),
                lines.get(1).text());
        assertEquals("front of " + OF, legs.front().get(0).what());
    }

    @Test
    void theConnectionsViewNamesEachLegAndItsPair() {
        Recording recording = new Recording();
        recording.append(recording.addSource("case"), EXCHANGE);
        ConnectionSummary front = ConnectionSummary.of(recording.connection(0));
        ConnectionSummary origin = ConnectionSummary.of(recording.connection(1));
        assertEquals("front of " + OF, front.leg());
        assertEquals(String.valueOf(origin.id()), front.pair());
        assertEquals(String.valueOf(front.id()), origin.pair());
        assertEquals("-", ConnectionSummary.of(recording.connection(2)).leg());
    }

    @Test
    void noLegsAmongOrdinaryConnections() {
        assertTrue(LinkedLegs.of(List.of(ConnectionOpened.of(1, 0, Role.CLIENT)), Redaction.DEFAULT).isEmpty());
    }
}
