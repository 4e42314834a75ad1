package io.h2scope.conformance.intermediary.origin;

/** What the origin behind the intermediary speaks. */
public enum OriginKind {
    /** HTTP/1.1 in clear: the downgrade, where smuggling lives; every request's raw octets are kept. */
    H1,
    /** HTTP/2 in clear with prior knowledge. */
    H2C
}
