package io.h2scope.engine.hpack;


/**
 * A header block that cannot be decoded: in HTTP/2 a connection error of type COMPRESSION_ERROR
 * (RFC 9113 §4.3), because the dynamic table can no longer be trusted. The message names what was wrong,
 * the RFC 7541 section and the byte offset within the header block.
 */
public final class HpackException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final HpackRule rule;
    private final int offset;
    private final String detail;

    public HpackException(HpackRule rule, int offset, String detail) {
        // No stack trace: this is a verdict on the peer's bytes, not a bug here, and floods must stay cheap.
        super("COMPRESSION_ERROR: RFC 7541 §" + rule.spec().section() + ": " + detail + " (at byte " + offset
                + " of the header block)", null, false, false);
        this.rule = rule;
        this.offset = offset;
        this.detail = detail;
    }

    /** The rule broken; the COMPRESSION_ERROR raised for this exception carries it. */
    public HpackRule rule() {
        return rule;
    }

    /** The RFC 7541 section that was violated, e.g. {@code "5.2"}. */
    public String section() {
        return rule.spec().section();
    }

    /** Offset within the header block of the byte where the problem was found. */
    public int offset() {
        return offset;
    }

    /** What was wrong, without section or offset. */
    public String detail() {
        return detail;
    }
}
