package io.h2scope.engine.http;

/**
 * What {@link MessageValidator} enforces beyond the RFC 9113 MUSTs, which are always on.
 *
 * @param allowExtendedConnect   true when we advertised SETTINGS_ENABLE_CONNECT_PROTOCOL = 1 (RFC 8441
 *                               §3), so requests may carry {@code :protocol}; default false
 * @param maxFieldCount          most fields (pseudo-headers and cookie crumbs included) in one block;
 *                               default 200 (SEC-02 "HTTP/2 Bomb"; nginx allows 1000)
 * @param strictFieldSyntax      RFC 9113 §8.2.1 SHOULD: names must be RFC 9110 tokens and values
 *                               field-vchar/SP/HTAB (no other controls, no DEL); false keeps only the
 *                               MUST minimum. Default true: no request of the browser corpus needs less
 * @param rejectHostMismatch     RFC 9113 §8.3.1 SHOULD: "A server SHOULD treat a request as malformed if
 *                               it contains a Host header field that identifies an entity that differs
 *                               from the entity in the ':authority' pseudo-header field"; default true
 * @param requireAuthority       an "http"/"https" request with neither {@code :authority} nor
 *                               {@code host} names no origin (RFC 9110 §4.2.1: such a URI is invalid),
 *                               but RFC 9113 §8 does not call it malformed; default false (the
 *                               application answers 400), true makes it a stream error
 */
public record ValidationOptions(boolean allowExtendedConnect, int maxFieldCount, boolean strictFieldSyntax,
        boolean rejectHostMismatch, boolean requireAuthority) {

    /** The default cap on fields per block. */
    public static final int DEFAULT_MAX_FIELD_COUNT = 200;

    public ValidationOptions {
        if (maxFieldCount < 1) {
            throw new IllegalArgumentException("maxFieldCount must be >= 1, got " + maxFieldCount);
        }
    }

    /** Extended CONNECT off, 200 fields, strict syntax, host mismatch rejected, authority optional. */
    public static ValidationOptions defaults() {
        return new ValidationOptions(false, DEFAULT_MAX_FIELD_COUNT, true, true, false);
    }

    public ValidationOptions withAllowExtendedConnect(boolean allow) {
        return new ValidationOptions(allow, maxFieldCount, strictFieldSyntax, rejectHostMismatch, requireAuthority);
    }

    public ValidationOptions withMaxFieldCount(int max) {
        return new ValidationOptions(allowExtendedConnect, max, strictFieldSyntax, rejectHostMismatch, requireAuthority);
    }

    public ValidationOptions withStrictFieldSyntax(boolean strict) {
        return new ValidationOptions(allowExtendedConnect, maxFieldCount, strict, rejectHostMismatch, requireAuthority);
    }

    public ValidationOptions withRejectHostMismatch(boolean reject) {
        return new ValidationOptions(allowExtendedConnect, maxFieldCount, strictFieldSyntax, reject, requireAuthority);
    }

    public ValidationOptions withRequireAuthority(boolean require) {
        return new ValidationOptions(allowExtendedConnect, maxFieldCount, strictFieldSyntax, rejectHostMismatch, require);
    }
}
