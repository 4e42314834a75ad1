package io.h2scope.conformance.intermediary.origin;

/** What the origin behind the intermediary speaks. */
public enum OriginKind {
    /** HTTP/1.1 in clear: the downgrade, where smuggling lives; every request's raw octets are kept. */
    H1,
    /** HTTP/2 in clear with prior knowledge. */
    H2C,
    /**
     * HTTP/2 over TLS (ALPN h2, RFC 9113 §3.2), its certificate for {@code localhost} issued by a CA made
     * for the run ({@link OriginTls}), for intermediaries that speak TLS to their backends. Framed as {@link #H2C}.
     */
    H2;

    /** What the requests are framed in once any TLS is off: H2 is H2C on the wire, so the h2c cases apply to it. */
    public OriginKind framing() {
        return this == H2 ? H2C : this;
    }
}
