package io.h2scope.engine.core;

/**
 * DATA the peer may still send on streams we reset. Each stream we reset adds what its receive window allowed at
 * that moment: the peer may have sent that much before it saw our RST_STREAM (RFC 9113 §5.1 "closed": such frames
 * are counted toward the connection window and discarded). Each late DATA frame takes its length off. The peer
 * never had more credit than that, so DATA beyond it breaks flow control (§6.9.1): a peer that keeps sending after
 * a refusal is stopped instead of being discarded, and credited, without end.
 */
final class LateDataAllowance {

    private long octets;

    /** A stream we reset, with {@code windowLeft} octets the peer could still send on it. */
    void streamReset(long windowLeft) {
        if (windowLeft > 0) {
            octets += windowLeft;
        }
    }

    /** Takes {@code length} octets of late DATA off the allowance; false, taking nothing, when it is not there. */
    boolean take(int length) {
        if (length > octets) {
            return false;
        }
        octets -= length;
        return true;
    }

    long octets() {
        return octets;
    }
}
