package io.h2scope.conformance.suite.security;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.STREAM_CLOSED;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.List;

/**
 * security/*: the known HTTP/2 floods (SEC-01, SEC-05, SEC-08, SEC-11, SEC-12, SEC-13, SEC-14,
 * SEC-17 in docs/SECURITY.md), each bounded
 * to {@link Flood#MAX_FRAMES} frames and {@link Flood#MAX_TIME}; resources held by a slow client (a response
 * stalled on a zero window, a dribbled body, handshakes left half done) and many connections from one address,
 * each judged within a declared budget the runner enforces and {@code --budget-scale} stretches. RFC 9113 §10.5
 * makes the limits a SHOULD, so they run with --strict; stream-id exhaustion is a §5.1.1 MUST and always runs.
 */
public final class Security implements Section {

    static final String TRACK = "Implementations SHOULD track the use of these features and set limits on their use. An endpoint MAY treat activity that is suspicious as a connection error (Section 5.4.1) of type ENHANCE_YOUR_CALM.";
    static final String ENDED = "GOAWAY (ENHANCE_YOUR_CALM or PROTOCOL_ERROR) or a close before the bound";

    @Override
    public String id() {
        return "security";
    }

    @Override
    public String title() {
        return "Denial-of-Service Defences";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                flood("rapid-reset", "10,000 × (GET with END_STREAM, then RST_STREAM CANCEL on it), batched (CVE-2023-44487)",
                        "10.5", FloodCases::rapidReset),
                flood("continuation-flood", "HEADERS without END_HEADERS, then up to 19,999 CONTINUATION frames of 1 KB, never END_HEADERS (CVE-2024-27316 and kin)",
                        "10.5.1", FloodCases::continuationFlood),
                flood("zero-length-continuation-flood", "HEADERS without END_HEADERS, then up to 19,999 empty CONTINUATION frames (CVE-2026-33871)",
                        "10.5", FloodCases::emptyContinuationFlood),
                flood("hpack-bomb", "a 4,038-octet entry put into the dynamic table, then 5 GETs whose blocks reference it 16,000 times (≈ 64 MB each) (CVE-2016-6581)",
                        "10.5.1", FloodCases::hpackBomb),
                flood("table-size-abuse", "10 GETs whose blocks start with 8,000 dynamic table size updates (0, 4096, 0, ...)",
                        "10.5", FloodCases::tableSizeAbuse),
                flood("settings-flood", "20,000 empty SETTINGS frames without reading the ACKs (CVE-2019-9515)",
                        "10.5", FloodCases::settingsFlood),
                flood("ping-flood", "20,000 PING frames without reading the ACKs (CVE-2019-9512)",
                        "10.5", FloodCases::pingFlood),
                flood("empty-frames-flood", "a POST head, then 20,000 empty DATA frames without END_STREAM (CVE-2019-9518)",
                        "10.5", FloodCases::emptyFramesFlood),
                flood("zero-window-stall", "SETTINGS_INITIAL_WINDOW_SIZE 0, then GETs on up to 1,000 streams, no WINDOW_UPDATE ever (CVE-2016-1546)",
                        "10.5", FloodCases::zeroWindowStall),
                held("zero-window-stall-reset", "SETTINGS_INITIAL_WINDOW_SIZE 0, one GET, then only a PING every 5 s: the"
                        + " response waits for window forever (CVE-2016-1546, CVE-2020-12604)", SlowPeer.STALL_BUDGET,
                        SlowPeer.STALL_EXPECTED, SlowPeer::zeroWindowReset),
                held("slow-body", "a POST announcing 1,000,000 octets, then one octet of DATA a second", SlowPeer.BODY_BUDGET,
                        SlowPeer.BODY_EXPECTED, SlowPeer::slowBody),
                held("slow-preface", "half of the client preface (12 octets; over TLS after the handshake), then nothing",
                        SlowHandshake.BUDGET, SlowHandshake.EXPECTED, SlowHandshake::partialPreface),
                held("slow-tls-handshake", "on a TLS port, the first 11 octets of a ClientHello record, then nothing"
                        + " (skipped on h2c)", SlowHandshake.BUDGET, SlowHandshake.EXPECTED, SlowHandshake::partialClientHello),
                CaseDef.define("security/connection-count").rfc("10.5", "10.5").should().alone()
                        .budget(ConnectionCount.BUDGET)
                        .sends("up to " + ConnectionCount.CONNECTIONS + " connections at once from one address (h2c: each a"
                                + " client preface and SETTINGS; TLS: bare TCP), held at most " + ConnectionCount.HOLD.toSeconds()
                                + " s; runs alone")
                        .quote(TRACK).accepts(ConnectionCount.EXPECTED).errorCase().run(ConnectionCount::run),
                CaseDef.define("security/stream-id-exhaustion").rfc("5.1.1", "5.1.1")
                        .sends("a GET on stream 2^31-1 (answered), then another HEADERS on 2^31-1: no stream id is left")
                        .quote("The identifier of a newly established stream MUST be numerically greater than all streams that the initiating endpoint has opened or reserved. ... An endpoint that receives an unexpected stream identifier MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR or STREAM_CLOSED (the stream is closed, RFC 9113 §5.1)").errorCase()
                        .run(p -> {
                            p.handshake();
                            int last = Integer.MAX_VALUE;
                            p.sendHeaders(last, p.requestHeaders(p.target().path()), true);
                            Verdict first = Expect.response(p, last);
                            if (first.outcome() != Outcome.PASS) {
                                return Verdict.inconclusive("a response on stream 2^31-1 first",
                                        "the legal GET on stream 2147483647 was not answered: " + first.actual());
                            }
                            p.sendHeaders(last, p.requestHeaders(p.target().path()), true);
                            return Expect.connectionError(p, PROTOCOL_ERROR, STREAM_CLOSED);
                        }));
    }

    /**
     * A resource held by a client slow in a way the RFC allows: SHOULD be bounded, judged within the case's
     * budget (INCONCLUSIVE past it: the RFC sets no deadline).
     */
    private static CaseDef held(String slug, String sends, Duration budget, String expected,
            io.h2scope.conformance.spec.CaseBody body) {
        return CaseDef.define("security/" + slug).rfc("10.5", "10.5").should().budget(budget)
                .sends(sends + ", for at most the case's budget (" + budget.toSeconds() + " s times --budget-scale)")
                .quote(TRACK).accepts(expected).errorCase().run(body);
    }

    private static CaseDef flood(String slug, String sends, String rfc, io.h2scope.conformance.spec.CaseBody body) {
        return CaseDef.define("security/" + slug).rfc("10.5", rfc).should()
                .sends(sends + ", bounded to " + Flood.MAX_FRAMES + " frames and " + Flood.MAX_TIME.toSeconds() + " s")
                .quote(TRACK).accepts(ENDED + " (what bounds the damage otherwise is graded per case; the figures are always reported)")
                .errorCase().run(body);
    }
}
