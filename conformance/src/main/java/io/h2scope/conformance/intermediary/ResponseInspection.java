package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.Received;

/** A response-side case's look at what the client in front received: did the origin's fault reach it, in which form. */
@FunctionalInterface
public interface ResponseInspection {
    Seen look(Received got);
}
