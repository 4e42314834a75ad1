package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontAnswer;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.verdict.Verdict;
import java.util.List;

/**
 * Judges a case by what arrived at the origin, never by the front's answer alone:
 * <ul>
 *   <li>refused by the intermediary (PASS): the origin saw nothing and the front answered with a 4xx/5xx status, a
 *       reset, GOAWAY or a close, which the verdict names;</li>
 *   <li>forwarded in a form the RFC allows (PASS), or a malformed request forwarded with its fault removed
 *       (PASS-LENIENT: §8.1.1 says refuse it), the transformation shown;</li>
 *   <li>forwarded as it came (FAIL): the fault reached the origin, its octets the evidence; also a request the
 *       origin's own HTTP/1.1 parser refused;</li>
 *   <li>desync proven (FAIL, critical): the origin saw a second, different request where the client sent one; the
 *       second request's octets are the evidence.</li>
 * </ul>
 * For a request the RFC allows ({@code mustForward}), refusing it is the FAIL. To a CONNECT, a 2xx from the front
 * while nothing reached the origin is the intermediary's own tunnel ({@link #connect}, {@link #malformedConnect}).
 */
public final class IntermediaryJudge {

    /** What every malformed-request case expects. */
    public static final String REFUSE = "refused (RFC 9113 §8.1.1: an intermediary MUST NOT forward a malformed request;"
            + " stream error PROTOCOL_ERROR, or a 400)";

    private IntermediaryJudge() {
    }

    /** Judges a malformed request: refusal is the PASS. */
    public static ProxyVerdict malformed(Exchange ex, ArrivalInspection inspection) {
        return judge(REFUSE, ex, inspection, false);
    }

    /** Judges a request the RFC allows: it must reach the origin, in the form {@code inspection} checks. */
    public static ProxyVerdict valid(String expected, Exchange ex, ArrivalInspection inspection) {
        return judge(expected, ex, inspection, true);
    }

    /**
     * Judges a request the RFC lets an intermediary either refuse or forward in the form {@code inspection} checks
     * (a SHOULD-refuse): refusal is a PASS, and so is the allowed form.
     */
    public static ProxyVerdict eitherWay(String expected, Exchange ex, ArrivalInspection inspection) {
        return judge(expected, ex, inspection, false);
    }

    /**
     * Judges a malformed CONNECT (RFC 9113 §8.5) as {@link #malformed} does, but for one answer more: a 2xx from the
     * front while the origin saw no request is the intermediary's own tunnel to the {@code :authority}, so it acted
     * on the malformed request as it came.
     */
    public static ProxyVerdict malformedConnect(Exchange ex, ArrivalInspection inspection) {
        return malformedConnect(REFUSE, ex, inspection);
    }

    /** As {@link #malformedConnect(Exchange, ArrivalInspection)}, the refusal expected in {@code expected}'s words. */
    public static ProxyVerdict malformedConnect(String expected, Exchange ex, ArrivalInspection inspection) {
        if (tunnelled(ex)) {
            return new ProxyVerdict(ProxyFinding.FORWARDED_AS_CAME, Verdict.fail(expected, "accepted as it came: "
                    + tunnel(ex)));
        }
        return judge(expected, ex, inspection, false);
    }

    /**
     * Judges a well-formed CONNECT: a proxy that supports CONNECT tunnels to the {@code :authority} (a 2xx, and the
     * origin sees no request), one that does not may refuse it (405, 501, a reset) or forward it in the form
     * {@code inspection} checks; each is a PASS.
     */
    public static ProxyVerdict connect(String expected, Exchange ex, ArrivalInspection inspection) {
        if (tunnelled(ex)) {
            return new ProxyVerdict(ProxyFinding.FORWARDED_ALLOWED, Verdict.pass(expected, "tunnelled: " + tunnel(ex)));
        }
        return eitherWay(expected, ex, inspection);
    }

    private static boolean tunnelled(Exchange ex) {
        FrontAnswer answer = ex.answer();
        return ex.arrivals().isEmpty() && answer.kind() == FrontAnswer.Kind.RESPONSE && answer.status() >= 200
                && answer.status() < 300;
    }

    private static String tunnel(Exchange ex) {
        return "the front answered " + ex.answer() + ", the tunnel of a CONNECT (RFC 9113 §8.5) for :authority "
                + ex.sent().value(":authority") + ", and the origin saw no request";
    }

    static ProxyVerdict judge(String expected, Exchange ex, ArrivalInspection inspection, boolean mustForward) {
        FrontAnswer answer = ex.answer();
        List<Arrival> arrivals = ex.arrivals();
        if (arrivals.isEmpty()) {
            return nothingArrived(expected, answer, mustForward);
        }
        Arrival first = arrivals.get(0);
        for (Arrival later : arrivals.subList(1, arrivals.size())) {
            if (!sameHead(first, later)) {
                return new ProxyVerdict(ProxyFinding.DESYNC, Verdict.fail(expected, "desync proven (critical): the client sent"
                        + " one request, the origin's HTTP/1.1 parser saw " + arrivals.size() + "; the second: "
                        + later.evidence() + (later.problem().map(p -> " (parser: " + p + ")").orElse(""))
                        + "; the first: " + first.evidence() + "; front: " + answer));
            }
        }
        if (first.problem().isPresent()) {
            return new ProxyVerdict(ProxyFinding.FORWARDED_AS_CAME, Verdict.fail(expected, "forwarded as it came: the"
                    + " origin's HTTP/1.1 parser refused it (" + first.problem().get() + "): " + first.evidence()
                    + "; front: " + answer));
        }
        Seen seen = inspection.look(first, ex.sent());
        if (seen instanceof Seen.AsSent s) {
            return new ProxyVerdict(ProxyFinding.FORWARDED_AS_CAME, Verdict.fail(expected, "forwarded as it came: "
                    + s.what() + "; " + first.evidence() + "; front: " + answer));
        }
        if (seen instanceof Seen.Allowed a) {
            return new ProxyVerdict(ProxyFinding.FORWARDED_ALLOWED, Verdict.pass(expected, "forwarded in a form the RFC"
                    + " allows: " + a.transformation() + "; front: " + answer));
        }
        Seen.Repaired r = (Seen.Repaired) seen;
        return new ProxyVerdict(ProxyFinding.FORWARDED_ALLOWED, mustForward
                ? Verdict.pass(expected, "forwarded: " + r.transformation() + "; front: " + answer)
                : Verdict.lenient(expected, "forwarded with the fault removed: " + r.transformation() + "; "
                        + first.evidence() + "; front: " + answer));
    }

    private static ProxyVerdict nothingArrived(String expected, FrontAnswer answer, boolean mustForward) {
        if (answer.kind() == FrontAnswer.Kind.NOTHING) {
            return ProxyVerdict.inconclusive(expected, "neither an answer from the front nor a request at the origin"
                    + " within the case's timeout");
        }
        if (answer.unprocessed()) {
            return ProxyVerdict.inconclusive(expected, "the front refused the stream unprocessed (" + answer + ", RFC"
                    + " 9113 §8.7) on every try: it said nothing of the request");
        }
        if (!answer.refusal()) {
            return ProxyVerdict.inconclusive(expected, "the front answered " + answer + " itself; the origin saw"
                    + " nothing (is the intermediary forwarding every path to the origin?)");
        }
        if (mustForward) {
            return new ProxyVerdict(ProxyFinding.REFUSED, Verdict.fail(expected, "refused a request the RFC allows: "
                    + answer + "; the origin saw nothing"));
        }
        return new ProxyVerdict(ProxyFinding.REFUSED, Verdict.pass(expected, "refused by the intermediary: " + answer
                + "; the origin saw nothing"));
    }

    /** A retry of the same request is not a desync: only a head of another shape is. */
    private static boolean sameHead(Arrival a, Arrival b) {
        return a.method().equals(b.method()) && a.target().equals(b.target()) && b.problem().isEmpty()
                && a.fields().size() == b.fields().size();
    }
}
