package io.h2scope.conformance.client.drive;

/**
 * What a client can be made to do. A case declares what it needs; a client that lacks one of them cannot exercise
 * the case, which is then SKIP with that reason rather than a verdict on something the client never tried.
 */
public enum ClientAbility {
    PRIOR_KNOWLEDGE("speak h2c with prior knowledge"),
    UPGRADE("upgrade an HTTP/1.1 connection to h2c"),
    TLS("speak h2 over TLS with ALPN, trusting a given CA"),
    PARALLEL("make several requests at once"),
    BODY("send a request body");

    private final String words;

    ClientAbility(String words) {
        this.words = words;
    }

    /** "make several requests at once": what a SKIP says the client cannot do. */
    public String words() {
        return words;
    }
}
