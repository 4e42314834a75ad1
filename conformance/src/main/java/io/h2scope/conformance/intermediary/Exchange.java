package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontAnswer;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import java.util.List;

/**
 * One case's request seen from both sides: what the client sent the front, what the front answered, and every
 * request the origin received carrying the case's marker (or following one on the same connection).
 */
public record Exchange(Marker marker, ProxyRequest sent, FrontAnswer answer, List<Arrival> arrivals) {

    public Exchange {
        arrivals = List.copyOf(arrivals);
    }
}
