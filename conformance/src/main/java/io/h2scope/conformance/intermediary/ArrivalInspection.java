package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;

/** A case's look at the request the origin received: did the fault arrive, and in which form. */
@FunctionalInterface
public interface ArrivalInspection {
    Seen look(Arrival arrived, ProxyRequest sent);
}
