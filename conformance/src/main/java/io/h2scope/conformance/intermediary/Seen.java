package io.h2scope.conformance.intermediary;

/** What a case found in the request the origin received, for {@link IntermediaryJudge}. */
public sealed interface Seen {

    /** The fault arrived as the client sent it ({@code what}: which field, which octets). */
    record AsSent(String what) implements Seen {
    }

    /** The request arrived in a form the RFC allows ({@code transformation}: what the intermediary did to it). */
    record Allowed(String transformation) implements Seen {
    }

    /**
     * A malformed request arrived with its fault removed: harmless to the origin, but RFC 9113 §8.1.1 says refuse
     * it, so PASS-LENIENT.
     */
    record Repaired(String transformation) implements Seen {
    }

    static Seen asSent(String what) {
        return new AsSent(what);
    }

    static Seen allowed(String transformation) {
        return new Allowed(transformation);
    }

    static Seen repaired(String transformation) {
        return new Repaired(transformation);
    }
}
