package io.h2scope.conformance.intermediary.legs;

/**
 * How much of what a case's legs carried is kept for display, in its evidence and the inspector's view of it
 * ({@code conform-proxy --legs-data}, {@code --legs-http1-shown}); the verdicts never depend on it.
 *
 * @param dataKept    DATA octets each stream keeps ({@link CaseLegs#DATA_KEPT} by default)
 * @param shownOctets octets of each HTTP/1.1 message of an origin leg shown, the rest counted
 *                    ({@link Http1Text#SHOWN_OCTETS} by default)
 */
public record LegCaps(int dataKept, int shownOctets) {

    /** The defaults: enough to read a body's or a message's start. */
    public static final LegCaps DEFAULT = new LegCaps(CaseLegs.DATA_KEPT, Http1Text.SHOWN_OCTETS);
    /** The most of either: a case that moves megabytes (the large bodies, the slow client) keeps at most this per stream. */
    public static final int MAX = 1 << 20;

    public LegCaps {
        if (dataKept < 1 || dataKept > MAX || shownOctets < 1 || shownOctets > MAX) {
            throw new IllegalArgumentException("a leg keeps 1 octet to 1 MiB of each stream's DATA and of each HTTP/1.1 "
                    + "message, got " + dataKept + " and " + shownOctets);
        }
    }
}
