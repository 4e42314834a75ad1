package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.Received;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.verdict.Verdict;
import java.util.List;
import java.util.Optional;

/**
 * Judges a response-side case by what the client in front received, the origin having answered with what a client
 * must not get:
 * <ul>
 *   <li>refused (PASS): the intermediary turned it into an error the RFC allows: a 5xx status, RST_STREAM, GOAWAY or
 *       a closed connection, before the response or after its head (a stream that does not end with END_STREAM is
 *       no complete response, RFC 9113 §8.1);</li>
 *   <li>forwarded in a form the RFC allows (PASS: the hop-by-hop field dropped, the interim response passed or
 *       dropped), or a harmless but not ideal one (PASS-LENIENT: the faulty field dropped, not the response);</li>
 *   <li>forwarded as it came (FAIL): the fault reached the client, or the client was handed a malformed, truncated
 *       or over-long response as a complete one; what the client received is the evidence;</li>
 *   <li>desync proven (FAIL, critical): the client's next request was answered with what the origin sent for
 *       another one (the response queue poisoned).</li>
 * </ul>
 * For a response the RFC allows ({@code valid}), an error in its place is the FAIL.
 */
public final class ResponseJudge {

    /** What every faulty-answer case expects. */
    public static final String REFUSE = "an error to the client (5xx, RST_STREAM, a closed stream) or a cleaned form"
            + " the RFC allows (RFC 9113 §8.1.1: an intermediary MUST NOT forward a malformed response)";

    /** The field every scripted answer carries its case's marker in, so the client can tell whose response it got. */
    public static final String MARKER_FIELD = Marker.HEADER;

    private ResponseJudge() {
    }

    /** Judges a faulty answer: an error, or a cleaned form, is the PASS. */
    public static ProxyVerdict faulty(ResponseExchange ex, ResponseInspection inspection) {
        return judge(REFUSE, ex, inspection, false);
    }

    /** Judges an answer the RFC allows: the client must get it, in the form {@code inspection} checks. */
    public static ProxyVerdict valid(String expected, ResponseExchange ex, ResponseInspection inspection) {
        return judge(expected, ex, inspection, true);
    }

    /**
     * Judges a faulty answer followed, on a new request, by {@code next}: when {@code next} was answered with a
     * response that names another case's marker, the intermediary handed the client what the origin sent for
     * another request: desync proven.
     */
    public static ProxyVerdict followedBy(ResponseExchange ex, ResponseInspection inspection, ResponseExchange next) {
        Received got = next.received();
        List<String> owners = got.head().map(h -> h.values(MARKER_FIELD)).orElse(List.of());
        if (!owners.isEmpty() && !owners.contains(next.marker().value())) {
            return new ProxyVerdict(ProxyFinding.DESYNC, Verdict.fail(REFUSE, "desync proven (critical): the next request ("
                    + next.marker() + ") was answered with the response marked " + owners + ", which the origin sent"
                    + " for another; " + got.evidence() + "; the first: " + ex.received().evidence()));
        }
        return faulty(ex, inspection);
    }

    static ProxyVerdict judge(String expected, ResponseExchange ex, ResponseInspection inspection, boolean mustForward) {
        Received got = ex.received();
        if (ex.arrivals().isEmpty()) {
            return ProxyVerdict.inconclusive(expected, "the origin never received the request, so it never gave the"
                    + " case's answer; " + got.evidence());
        }
        Optional<Received.Block> head = got.head();
        int status = head.map(Received.Block::status).orElse(0);
        if (status >= 500 && status <= 599) { // the intermediary's own error: its content is not the origin's
            return mustForward ? refusedWrongly(expected, got) : refused(expected, "status " + status, got);
        }
        if (!mustForward && ex.arrivals().size() > 1 && head.isPresent()
                && !head.get().values(MARKER_FIELD).contains(ex.marker().value())) {
            // the scripted answer goes out once: a head without the case's marker answers a retry
            return refused(expected, "a response to a retry: the intermediary dropped the origin's answer and sent"
                    + " the request " + ex.arrivals().size() + " times", got);
        }
        Seen seen = inspection.look(got);
        if (seen instanceof Seen.AsSent s) {
            return asCame(expected, s.what(), got);
        }
        if (head.isEmpty()) {
            if (got.end() == Received.End.TIMEOUT) {
                return mustForward && !got.blocks().isEmpty() ? refusedWrongly(expected, got)
                        : ProxyVerdict.inconclusive(expected, "no response and no end within the case's timeout; "
                                + got.evidence());
            }
            Optional<String> malformed = MalformedResponse.why(got, ex.method());
            if (malformed.isPresent()) { // an interim response with END_STREAM, say: handed as the final one
                return asCame(expected, "the client was handed a malformed response: " + malformed.get(), got);
            }
            return mustForward ? refusedWrongly(expected, got) : refused(expected, got.ending() + ", no response", got);
        }
        Optional<String> malformed = MalformedResponse.why(got, ex.method());
        if (malformed.isPresent()) {
            return asCame(expected, "the client was handed a malformed response: " + malformed.get(), got);
        }
        if (!got.complete()) {
            if (got.end() == Received.End.TIMEOUT && !mustForward) {
                return ProxyVerdict.inconclusive(expected, "the response never ended within the case's timeout; "
                        + got.evidence());
            }
            return mustForward ? refusedWrongly(expected, got)
                    : refused(expected, "status " + status + ", then " + got.ending() + " before END_STREAM", got);
        }
        if (seen instanceof Seen.Allowed a) {
            return new ProxyVerdict(ProxyFinding.FORWARDED_ALLOWED, Verdict.pass(expected, "forwarded in a form the RFC"
                    + " allows: " + a.transformation() + "; " + got.evidence()));
        }
        Seen.Repaired r = (Seen.Repaired) seen;
        return new ProxyVerdict(ProxyFinding.FORWARDED_ALLOWED, Verdict.lenient(expected, "forwarded in a harmless form,"
                + " not the ideal one: " + r.transformation() + "; " + got.evidence()));
    }

    private static ProxyVerdict asCame(String expected, String what, Received got) {
        return new ProxyVerdict(ProxyFinding.FORWARDED_AS_CAME, Verdict.fail(expected, "forwarded as it came: " + what
                + "; " + got.evidence()));
    }

    private static ProxyVerdict refused(String expected, String how, Received got) {
        return new ProxyVerdict(ProxyFinding.REFUSED, Verdict.pass(expected, "refused by the intermediary: the client got "
                + how + "; " + got.evidence()));
    }

    private static ProxyVerdict refusedWrongly(String expected, Received got) {
        return new ProxyVerdict(ProxyFinding.REFUSED, Verdict.fail(expected, "no whole response where the RFC allows"
                + " one: " + got.ending() + (got.status() > 0 ? ", status " + got.status() : "") + "; "
                + got.evidence()));
    }
}
