package io.h2scope.conformance.intermediary.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each request reaches the case that owns its marker, whatever connection it came on and wherever the marker is. */
class ArrivalsTest {

    private static Arrival request(long connection, int sequence, String target, List<HeaderField> fields, String raw) {
        return new Arrival(OriginKind.H1, connection, sequence, "GET", target, fields,
                raw.getBytes(StandardCharsets.ISO_8859_1), null);
    }

    @Test
    void routesByTargetThenFieldThenRawOctets() {
        Arrivals arrivals = new Arrivals();
        Marker a = Marker.fresh();
        Marker b = Marker.fresh();
        Marker c = Marker.fresh();
        arrivals.expect(a);
        arrivals.expect(b);
        arrivals.expect(c);
        arrivals.add(request(1, 1, a.path(), List.of(), ""));
        arrivals.add(request(1, 2, "/", List.of(new HeaderField(Marker.HEADER, b.value())), ""));
        arrivals.add(request(2, 1, "/", List.of(), "GET / HTTP/1.1\r\nx: " + c + "\r\n\r\n"));
        assertEquals(1, arrivals.of(a).size());
        assertEquals(1, arrivals.of(b).size());
        assertEquals(1, arrivals.of(c).size());
    }

    @Test
    void anUnmarkedRequestBelongsToThePreviousOwnerOfItsConnection() {
        Arrivals arrivals = new Arrivals();
        Marker a = Marker.fresh();
        arrivals.expect(a);
        arrivals.add(request(7, 1, a.path(), List.of(), ""));
        arrivals.add(request(8, 1, "/other", List.of(), "")); // another connection: nobody's
        arrivals.add(request(7, 2, "/smuggled", List.of(), "")); // same connection: the second half of a desync
        assertEquals(List.of(a.path(), "/smuggled"), arrivals.of(a).stream().map(Arrival::target).toList());
        assertEquals(1, arrivals.unclaimed().size());
        assertEquals(3, arrivals.total());
    }

    @Test
    void aMarkerNobodyExpectsIsUnclaimed() {
        Arrivals arrivals = new Arrivals();
        arrivals.add(request(1, 1, Marker.fresh().path(), List.of(), ""));
        assertEquals(1, arrivals.unclaimed().size());
    }
}
