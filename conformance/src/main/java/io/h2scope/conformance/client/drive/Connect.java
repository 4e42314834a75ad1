package io.h2scope.conformance.client.drive;

/** How a client reaches the scripted server for a task: the three ways RFC 9113 §3 starts HTTP/2. */
public enum Connect {
    /** h2c with prior knowledge (RFC 9113 §3.3): the preface on a fresh cleartext connection. */
    PRIOR_KNOWLEDGE("h2c with prior knowledge"),
    /** h2c through an HTTP/1.1 Upgrade (RFC 7540 §3.2; deprecated by RFC 9113 but still spoken). */
    UPGRADE("h2c through an HTTP/1.1 Upgrade"),
    /** TLS with ALPN "h2" (RFC 9113 §3.2), trusting the run's generated CA. */
    TLS("TLS with ALPN h2");

    private final String words;

    Connect(String words) {
        this.words = words;
    }

    /** The URL scheme a client is given. */
    public String scheme() {
        return this == TLS ? "https" : "http";
    }

    /** The ability a client needs for it. */
    public ClientAbility ability() {
        return switch (this) {
            case PRIOR_KNOWLEDGE -> ClientAbility.PRIOR_KNOWLEDGE;
            case UPGRADE -> ClientAbility.UPGRADE;
            case TLS -> ClientAbility.TLS;
        };
    }

    @Override
    public String toString() {
        return words;
    }
}
