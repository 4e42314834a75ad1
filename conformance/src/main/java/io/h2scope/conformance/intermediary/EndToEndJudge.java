package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontStream;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.verdict.Verdict;
import java.util.Arrays;
import java.util.Optional;

/**
 * Judges the end-to-end connection semantics by both ends at once: what one end did (a reset, a cut, a GOAWAY, a
 * large body) must show at the other end in a form that keeps its meaning. The rules:
 * <ul>
 *   <li>a message cut short reaches the other end as cut (a reset, a closed connection, an aborted body), never as a
 *       complete one: a truncated body handed over with END_STREAM is a FAIL;</li>
 *   <li>a message sent whole arrives whole, octet for octet, however many windows it takes;</li>
 *   <li>a stream the client gives up reaches the origin as given up, so that the origin stops working for nobody.</li>
 * </ul>
 */
public final class EndToEndJudge {

    private EndToEndJudge() {
    }

    /**
     * The origin cut its response short after {@code sent} of {@code length} octets: the client must not get it as
     * complete. An answer of the intermediary's own (a 5xx) before any of it passed is as good as a reset.
     */
    public static ProxyVerdict cutReachesClient(String expected, FrontStream client, int sent, int length) {
        String seen = "the origin sent " + sent + " of " + length + " octets and cut; the client got " + client.seen();
        return switch (client.end()) {
            case RESET, CLOSED -> pass(expected, seen);
            case COMPLETE -> client.status() >= 500 && client.body().length != sent
                    ? pass(expected, "the intermediary answered itself: " + seen)
                    : fail(expected, "truncated response handed over as complete: " + seen);
            case OPEN -> fail(expected, "neither a reset nor an end: a client waits for a response the origin"
                    + " abandoned; " + seen);
        };
    }

    /**
     * The client gave up ({@code what}) on a request the origin was still reading or answering: the origin must learn
     * it (a reset, a closed connection). {@code uploading}: the client cut its own request body, so a request that
     * never reached the origin is fine (the intermediary held it and dropped it), and one that arrived complete is a
     * truncated body handed over as complete.
     */
    public static ProxyVerdict cancelReachesOrigin(String expected, Optional<Arrival> origin, String what,
            boolean uploading) {
        if (origin.isEmpty()) {
            return uploading ? pass(expected, what + "; the origin never saw the request: the intermediary held it"
                    + " and dropped it")
                    : ProxyVerdict.inconclusive(expected, "the origin never saw the request");
        }
        Arrival a = origin.get();
        if (a.cancelled().isPresent()) {
            return pass(expected, what + "; at the origin: " + a.cancelled().get()
                    + (uploading ? " after " + a.body().length + " body octets" : ""));
        }
        if (uploading && a.isComplete()) {
            return fail(expected, what + "; the origin got a complete request of " + a.body().length + " octets:"
                    + " a truncated body handed over as complete; " + a.evidence());
        }
        return fail(expected, what + "; the origin still had the " + (uploading ? "request open (" + a.body().length
                + " body octets in)" : "response open") + ": it never learned that the client gave up");
    }

    /** A response sent whole ({@code body}) must reach the client whole: its status, every octet, END_STREAM. */
    public static ProxyVerdict wholeAtClient(String expected, FrontStream client, byte[] body) {
        if (client.end() == FrontStream.End.COMPLETE && client.status() == 200 && Arrays.equals(client.body(), body)) {
            return pass(expected, "all " + body.length + " octets arrived, then END_STREAM");
        }
        return fail(expected, "the origin sent status 200 and " + body.length + " octets whole; the client got "
                + client.seen() + differs(client.body(), body));
    }

    /** A request sent whole ({@code body}) must reach the origin whole, and the origin's answer the client. */
    public static ProxyVerdict wholeAtOrigin(String expected, Optional<Arrival> origin, byte[] body,
            FrontStream client) {
        if (origin.isEmpty()) {
            return fail(expected, "the origin saw nothing; the client got " + client.seen());
        }
        Arrival a = origin.get();
        if (!a.isComplete() || !Arrays.equals(a.body(), body)) {
            return fail(expected, "the client sent " + body.length + " octets whole; the origin got " + a.body().length
                    + (a.isComplete() ? " as complete" : " and no end") + differs(a.body(), body)
                    + a.cancelled().map(c -> " (" + c + ")").orElse(""));
        }
        if (client.status() != 200) {
            return fail(expected, "the origin got all " + body.length + " octets but the client got " + client.seen());
        }
        return pass(expected, "all " + body.length + " octets arrived; the client got " + client.seen());
    }

    /**
     * The client, its window at zero, took {@code received} octets of a response of {@code offered}: the intermediary
     * may read ahead of it from the origin, but at most {@code limit} octets more; taking the whole response is
     * buffering without bound (RFC 9113 §5.2.2: flow control is there so that a proxy need not).
     */
    public static ProxyVerdict boundedBuffering(String expected, Optional<Arrival> origin, long received, long offered,
            long limit, String memory) {
        if (origin.isEmpty()) {
            return ProxyVerdict.inconclusive(expected, "the origin never saw the request; " + memory);
        }
        long taken = origin.get().answeredOctets();
        // the verdict stays the origin's measure: RSS also moves with allocator caches and TLS state, not only buffering
        String seen = "the intermediary took " + taken + " of " + offered + " octets from the origin while the client,"
                + " its window at zero, took " + received + ": " + (taken - received) + " read ahead (limit " + limit
                + ", --buffer-limit); " + memory;
        return taken - received > limit ? fail(expected, "buffered without bound: " + seen) : pass(expected, seen);
    }

    /** Where {@code got} first differs from {@code want}, for a verdict. */
    private static String differs(byte[] got, byte[] want) {
        int at = Arrays.mismatch(got, want);
        return at < 0 ? "" : " (first difference at octet " + at + ")";
    }

    public static ProxyVerdict pass(String expected, String actual) {
        return new ProxyVerdict(ProxyFinding.NONE, Verdict.pass(expected, actual));
    }

    public static ProxyVerdict fail(String expected, String actual) {
        return new ProxyVerdict(ProxyFinding.NONE, Verdict.fail(expected, actual));
    }
}
