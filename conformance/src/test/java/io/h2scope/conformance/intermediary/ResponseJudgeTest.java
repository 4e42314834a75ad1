package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.front.Received;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every verdict of {@link ResponseJudge}, from synthetic evidence: what the client received, what the origin saw. */
class ResponseJudgeTest {

    private static final ResponseInspection CLEAN = got -> Seen.allowed("clean");

    private final Marker marker = Marker.fresh();

    @Test
    void nothingAtTheOriginIsInconclusive() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(List.of(), received(Received.End.RESET)), CLEAN);
        assertVerdict(v, ProxyFinding.NONE, Outcome.INCONCLUSIVE, "never received the request");
    }

    @Test
    void noAnswerWithinTheTimeoutIsInconclusive() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(received(Received.End.TIMEOUT)), CLEAN);
        assertVerdict(v, ProxyFinding.NONE, Outcome.INCONCLUSIVE, "no response and no end");
    }

    @Test
    void aResetBeforeAnyResponseIsARefusal() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(received(Received.End.RESET)), CLEAN);
        assertVerdict(v, ProxyFinding.REFUSED, Outcome.PASS, "RST_STREAM");
    }

    @Test
    void a502IsARefusal() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(received(Received.End.COMPLETE, block("502", true))), CLEAN);
        assertVerdict(v, ProxyFinding.REFUSED, Outcome.PASS, "status 502");
    }

    @Test
    void a502IsARefusalWhateverTheLookSaysOfItsContent() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(complete("<h1>502 Bad Gateway</h1>", block("502", false))),
                got -> Seen.asSent("the client was handed the content of the 502 page"));
        assertVerdict(v, ProxyFinding.REFUSED, Outcome.PASS, "status 502");
    }

    @Test
    void anUnmarkedAnswerToARetryIsARefusal() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(List.of(arrival(marker), arrival(marker)),
                complete("ok", block("200", false))), got -> Seen.asSent("ok where the origin's framing gives hello"));
        assertVerdict(v, ProxyFinding.REFUSED, Outcome.PASS, "request 2 times");
    }

    @Test
    void contentPastItsLengthOnAStreamLeftOpenIsForwardedAsItCame() {
        Received got = new Received(List.of(block("200", false, "content-length", "3")), bytes("hello\r\n0\r\n\r\n"),
                Received.End.TIMEOUT, 0, "", 0, List.of("HEADERS", "DATA 12"));
        ProxyVerdict v = ResponseJudge.faulty(exchange(got), CLEAN);
        assertVerdict(v, ProxyFinding.FORWARDED_AS_CAME, Outcome.FAIL, "DATA payloads sum to 12");
    }

    @Test
    void aHeadThenAResetIsARefusalNotASuccess() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(new Received(List.of(block("200", false)), bytes("hel"),
                Received.End.RESET, 2, "", 0, List.of("HEADERS", "DATA", "RST_STREAM"))), CLEAN);
        assertVerdict(v, ProxyFinding.REFUSED, Outcome.PASS, "before END_STREAM");
    }

    @Test
    void aCleanedFormPasses() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(complete("hello", block("200", false))), CLEAN);
        assertVerdict(v, ProxyFinding.FORWARDED_ALLOWED, Outcome.PASS, "clean");
    }

    @Test
    void aHarmlessFormIsLenient() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(complete("hello", block("200", false))),
                got -> Seen.repaired("the field dropped"));
        assertVerdict(v, ProxyFinding.FORWARDED_ALLOWED, Outcome.PASS_LENIENT, "the field dropped");
    }

    @Test
    void theFaultReachingTheClientFailsWithWhatItReceived() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(complete("hello", block("200", false, "proxy-connection",
                "keep-alive"))), got -> Seen.asSent("proxy-connection reached the client"));
        assertVerdict(v, ProxyFinding.FORWARDED_AS_CAME, Outcome.FAIL, "proxy-connection reached the client");
        assertTrue(v.verdict().actual().contains("client received: HEADERS"), v.toString());
    }

    @Test
    void aTruncatedResponseHandedAsCompleteFailsEvenWhenTheCaseSawNothing() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(complete("hello", block("200", false, "content-length",
                "10"))), CLEAN);
        assertVerdict(v, ProxyFinding.FORWARDED_AS_CAME, Outcome.FAIL, "content-length 10");
    }

    @Test
    void anInterimResponseTakenAsTheFinalOneFails() {
        ProxyVerdict v = ResponseJudge.faulty(exchange(complete("", block("103", false))), CLEAN);
        assertVerdict(v, ProxyFinding.FORWARDED_AS_CAME, Outcome.FAIL, "interim response taken as the final one");
    }

    @Test
    void anErrorInPlaceOfAValidResponseFails() {
        ProxyVerdict v = ResponseJudge.valid("the 200", exchange(received(Received.End.COMPLETE, block("502", true))),
                CLEAN);
        assertVerdict(v, ProxyFinding.REFUSED, Outcome.FAIL, "no whole response");
    }

    @Test
    void aValidResponseStuckAfterItsInterimResponseFails() {
        ProxyVerdict v = ResponseJudge.valid("the 200", exchange(received(Received.End.TIMEOUT, block("100", false))),
                CLEAN);
        assertVerdict(v, ProxyFinding.REFUSED, Outcome.FAIL, "no end within");
    }

    @Test
    void anotherRequestsResponseForTheNextRequestIsADesync() {
        ResponseExchange first = exchange(complete("hello", block("200", false)));
        Marker next = Marker.fresh();
        Received poisoned = complete("poison", block("200", false, ResponseJudge.MARKER_FIELD, "h2sm000000000000"));
        ResponseExchange second = new ResponseExchange(next, ProxyRequest.get(next, "h2scope.invalid:1").build(),
                poisoned, List.of(arrival(next)));
        ProxyVerdict v = ResponseJudge.followedBy(first, CLEAN, second);
        assertVerdict(v, ProxyFinding.DESYNC, Outcome.FAIL, "h2sm000000000000");
        assertTrue(v.toString().contains("(critical)"), v.toString());
    }

    @Test
    void theNextRequestAnsweredWithItsOwnResponseIsJudgedAsTheFirst() {
        ResponseExchange first = exchange(complete("hello", block("200", false)));
        Marker next = Marker.fresh();
        Received own = complete("hello", block("200", false, ResponseJudge.MARKER_FIELD, next.value()));
        ResponseExchange second = new ResponseExchange(next, ProxyRequest.get(next, "h2scope.invalid:1").build(), own,
                List.of(arrival(next)));
        assertVerdict(ResponseJudge.followedBy(first, CLEAN, second), ProxyFinding.FORWARDED_ALLOWED, Outcome.PASS, "clean");
    }

    private static void assertVerdict(ProxyVerdict v, ProxyFinding finding, Outcome outcome, String shown) {
        assertEquals(finding, v.finding(), v.toString());
        assertEquals(outcome, v.verdict().outcome(), v.toString());
        assertTrue(v.verdict().actual().contains(shown), "'" + shown + "' in " + v);
    }

    private ResponseExchange exchange(Received got) {
        return exchange(List.of(arrival(marker)), got);
    }

    private ResponseExchange exchange(List<Arrival> arrivals, Received got) {
        return new ResponseExchange(marker, ProxyRequest.get(marker, "h2scope.invalid:1").build(), got, arrivals);
    }

    private static Arrival arrival(Marker m) {
        return new Arrival(OriginKind.H1, 1, 1, "GET", m.path(), List.of(), new byte[0], null);
    }

    private static Received received(Received.End end, Received.Block... blocks) {
        return new Received(List.of(blocks), new byte[0], end, end == Received.End.RESET ? 1 : 0, "", 0,
                List.of("HEADERS", end.name()));
    }

    private static Received complete(String body, Received.Block... blocks) {
        return new Received(List.of(blocks), bytes(body), Received.End.COMPLETE, 0, "", 0,
                List.of("HEADERS", "DATA+END_STREAM " + body));
    }

    private static Received.Block block(String status, boolean endStream, String... nameValues) {
        List<HeaderField> fields = new ArrayList<>(List.of(new HeaderField(":status", status)));
        for (int i = 0; i < nameValues.length; i += 2) {
            fields.add(new HeaderField(nameValues[i], nameValues[i + 1]));
        }
        return new Received.Block(fields, endStream);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
