package io.h2scope.conformance.intermediary.legs;

import io.h2scope.engine.trace.model.Http1Head;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An HTTP/1.1 origin connection's octets both ways as trace events ({@link Http1Head}, one per message or part of
 * one as it went, {@link Http1Text} making them readable), to the case whose request it is: what the intermediary sent (a
 * request's head, its body, a smuggled second request) and what the origin answered. Used by the connection's one
 * thread.
 */
public final class Http1Leg {

    private final OriginLeg leg;
    private final ByteArrayOutputStream sending = new ByteArrayOutputStream();
    /** Octets written since the last {@link #sent()} beyond those kept. */
    private long skipped;

    /** Octets of each message shown ({@link LegCaps#shownOctets()}). */
    private final int shown;

    Http1Leg(OriginLeg leg, int shown) {
        this.leg = leg;
        this.shown = shown;
    }

    /** {@code out}, keeping what is written until {@link #sent()} tells it as one message. */
    public OutputStream tap(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                keep(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                keep(b, off, len);
            }
        };
    }

    private void keep(byte[] octets, int off, int len) {
        // what a case reads is at the start: a body of megabytes need not be kept whole to be told
        int kept = Math.min(Math.max(0, shown - sending.size()), len);
        sending.write(octets, off, kept);
        skipped += len - kept;
    }

    /** The octets written since the last call, as one message the origin sent; nothing when none were. */
    public void sent() {
        if (sending.size() > 0) {
            leg.onEvent(new Http1Head(leg.id(), leg.now(), true, Http1Text.of(sending.toByteArray(), skipped, shown)));
            sending.reset();
            skipped = 0;
        }
    }

    /**
     * {@code octets} the intermediary sent (a request's head, or what followed it); nothing when empty. A marker in
     * them makes its case the owner of them and of what follows on the connection.
     */
    public void received(byte[] octets) {
        sent();
        if (octets.length > 0) {
            leg.claim(new String(octets, java.nio.charset.StandardCharsets.ISO_8859_1));
            leg.onEvent(new Http1Head(leg.id(), leg.now(), false, Http1Text.of(octets, 0, shown)));
        }
    }
}
