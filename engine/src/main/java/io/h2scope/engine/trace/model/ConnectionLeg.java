package io.h2scope.engine.trace.model;

import java.util.Objects;

/**
 * Which leg of a linked pair a connection is, and what ties the two legs together: the intermediary suite's client
 * in front ({@code front}) and its origin behind the intermediary ({@code origin}), for one case and its markers. The
 * other leg's id is {@link ConnectionOpened#pair()}.
 *
 * @param name which leg: {@link #FRONT} or {@link #ORIGIN}
 * @param of   what both legs share, in words: the case id and the markers of its requests
 *             ({@code proxy/8.2.2/te-gzip h2sm0123456789ab})
 */
public record ConnectionLeg(String name, String of) {

    /** h2scope's client in front of an intermediary. */
    public static final String FRONT = "front";
    /** h2scope's origin behind an intermediary. */
    public static final String ORIGIN = "origin";

    public ConnectionLeg {
        Objects.requireNonNull(name, "name");
        of = of == null ? "" : of;
    }

    /** "front of proxy/8.2.2/te-gzip h2sm0123456789ab". */
    @Override
    public String toString() {
        return of.isEmpty() ? name : name + " of " + of;
    }
}
