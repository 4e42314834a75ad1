package io.h2scope.conformance.targets;

/**
 * What a run judges, as its reports name it: a server ({@link Target}) or a client under test.
 */
public interface RunSubject {

    /** A label, e.g. {@code nginx} or {@code curl}. */
    String name();

    /** Where or what it is: a server's URL, a client's command line or profile. */
    String url();

    /** Whether the run spoke TLS to it. */
    boolean tls();

    /** {@code server} or {@code client}: which side of HTTP/2 the run judged. */
    default String role() {
        return "server";
    }
}
