package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.EndToEndJudge.cancelReachesOrigin;
import static io.h2scope.conformance.intermediary.EndToEndJudge.cutReachesClient;
import static io.h2scope.conformance.intermediary.EndToEndJudge.fail;
import static io.h2scope.conformance.intermediary.EndToEndJudge.pass;
import static io.h2scope.conformance.intermediary.EndToEndJudge.wholeAtClient;
import static io.h2scope.conformance.intermediary.EndToEndJudge.wholeAtOrigin;

import io.h2scope.conformance.intermediary.EndToEnd;
import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.ProxyStage;
import io.h2scope.conformance.intermediary.ProxyVerdict;
import io.h2scope.conformance.intermediary.front.FrontStream;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.intermediary.origin.OriginReply;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.intermediary.EndToEndJudge;
import io.h2scope.conformance.intermediary.IntermediaryMemory;
import io.h2scope.engine.flow.FlowWindow;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Connection semantics end to end: what one end does to a stream (a reset, a cut, a GOAWAY, trailers, 100-continue,
 * a body larger than every window) must reach the other end with its meaning kept. The origin's interim responses
 * are the response side's ({@code proxy/response/8.1/interim-*}). Judged by
 * {@link io.h2scope.conformance.intermediary.EndToEndJudge} from both ends at once.
 */
public final class E2E_ConnectionSemantics implements ProxySection {

    /** A body larger than every default flow-control window (65,535) and every usual proxy buffer. */
    static final int LARGE = 1 << 20;
    /** How much of a large body goes before a cut or a reset. */
    static final int PART = 64 * 1024;
    /**
     * How long the client waits for 100 (Continue) before it sends the body anyway (RFC 9110 §10.1.1 lets it send
     * after a while): a front that never sends one costs the case this much, no verdict.
     */
    static final Duration CONTINUE_WAIT = Duration.ofSeconds(1);

    /** Why a case whose origin cuts its answer runs alone (conform-proxy --parallel). */
    private static final String CUTS = "the origin cuts its answer short: an intermediary may end the whole origin"
            + " connection, which other cases' requests may share";
    /** Why a case whose origin sends GOAWAY runs alone. */
    private static final String GOES_AWAY = "the origin's GOAWAY (connection: close) ends an origin connection other"
            + " cases' requests may share";

    @Override
    public String id() {
        return "proxy/e2e";
    }

    @Override
    public String title() {
        return "Connection semantics end to end";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                ProxyCase.define("proxy/e2e/client-reset-mid-upload").rule("6.4", Quotes.RESET)
                        .sends("a POST declaring 1 MiB, 64 KiB of it, then RST_STREAM CANCEL")
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::clientResetMidUpload)),
                ProxyCase.define("proxy/e2e/client-reset-mid-download").rule("6.4", Quotes.RESET)
                        .sends("a GET; after the first octets of a 1 MiB response the origin stalls, the client sends"
                                + " RST_STREAM CANCEL")
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::clientResetMidDownload)),
                ProxyCase.define("proxy/e2e/origin-cut-declared-length").rule("8.1.1", Quotes.CONTENT_LENGTH)
                        .sends("a GET; the origin declares 1 MiB, sends 64 KiB and resets (h2) or closes (HTTP/1.1)")
                        .alone(CUTS)
                        .run(EndToEnd.retrying(stage -> originCut(stage, true))),
                ProxyCase.define("proxy/e2e/origin-cut-undeclared-length").rule("6.4", Quotes.RESET)
                        .sends("a GET; the origin sends 64 KiB of an undeclared length (chunked over HTTP/1.1) and"
                                + " resets or closes")
                        .alone(CUTS)
                        .run(EndToEnd.retrying(stage -> originCut(stage, false))),
                ProxyCase.define("proxy/e2e/origin-goaway-drains").rule("6.8", Quotes.GOAWAY_DRAINS)
                        .sends("a GET; the origin first sends GOAWAY NO_ERROR naming the stream (HTTP/1.1: connection:"
                                + " close), then a 1 MiB response")
                        .alone(GOES_AWAY)
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::goAwayDrains)),
                ProxyCase.define("proxy/e2e/after-goaway-new-connection").rule("6.8", Quotes.GOAWAY_NO_NEW_STREAMS)
                        .sends("a GET the origin answers after GOAWAY (HTTP/1.1: connection: close), then a second GET")
                        .alone(GOES_AWAY + "; and it compares the origin connections its two requests came on")
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::afterGoAway)),
                ProxyCase.define("proxy/e2e/grpc-te-trailers-forwarded").rule("8.2.2", Quotes.TE)
                        .sends("a gRPC-style POST (content-type application/grpc, te: trailers)")
                        .toward(OriginKind.H2C)
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::teTrailersForwarded)),
                ProxyCase.define("proxy/e2e/grpc-response-trailers").rule("8.1", Quotes.TRAILERS)
                        .sends("a gRPC-style POST; the origin answers DATA then trailers grpc-status: 0")
                        .toward(OriginKind.H2C)
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::responseTrailers)),
                ProxyCase.define("proxy/e2e/request-trailers").rule("8.1", Quotes.TRAILERS)
                        .sends("a POST: DATA, then a trailer block x-h2scope-checksum")
                        .toward(OriginKind.H2C)
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::requestTrailers)),
                ProxyCase.define("proxy/e2e/expect-100-continue").rule("8.1", ResponseQuotes.INTERIM)
                        .sends("a POST with expect: 100-continue; the body (64 KiB) once 100 comes, or after 1 s")
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::expectContinue)),
                ProxyCase.define("proxy/e2e/large-upload-whole").rule("5.2.1", Quotes.FLOW_PER_HOP)
                        .sends("a POST of 1 MiB (content-length declared)")
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::largeUpload)),
                ProxyCase.define("proxy/e2e/large-download-whole").rule("5.2.1", Quotes.FLOW_PER_HOP)
                        .sends("a GET; the origin answers 1 MiB")
                        .run(EndToEnd.retrying(stage -> largeDownload(stage, true))),
                ProxyCase.define("proxy/e2e/large-download-undeclared-whole").rule("5.2.1", Quotes.FLOW_PER_HOP)
                        .sends("a GET; the origin answers 1 MiB without content-length (chunked over HTTP/1.1)")
                        .run(EndToEnd.retrying(stage -> largeDownload(stage, false))),
                ProxyCase.define("proxy/e2e/slow-client-bounded-buffering").rule("5.2.2", Quotes.FLOW_PROTECTS)
                        .sends("a GET whose client never gives window back (it takes 65,535 octets); the origin"
                                + " answers twice the buffer limit (32 MiB by default)")
                        .alone("it watches the intermediary's memory and waits for the origin's answer to stall: other"
                                + " cases' traffic would move both, and its zero window would stall theirs")
                        .run(EndToEnd.retrying(E2E_ConnectionSemantics::slowClient)));
    }

    private static ProxyVerdict clientResetMidUpload(ProxyStage stage) throws Exception {
        String expected = "the reset reaches the origin: RST_STREAM (h2), a closed connection or an aborted body"
                + " (HTTP/1.1), or the request never forwarded";
        byte[] body = octets(LARGE);
        try (EndToEnd e = EndToEnd.start(stage, OriginReply.OK,
                m -> ProxyRequest.post(m, stage.authority()).with("content-length", Integer.toString(LARGE)).build(),
                false)) {
            e.front().send(Arrays.copyOf(body, PART), false);
            // a forwarding intermediary passes the part on at once; a buffering one holds it (and the origin sees none)
            boolean forwarded = e.atOrigin(a -> a.body().length >= PART, ProxyStage.DEFAULT_SETTLE.multipliedBy(3))
                    .isPresent();
            e.front().cancel();
            Optional<Arrival> origin = e.atOrigin(a -> a.cancelled().isPresent() || a.isComplete(),
                    forwarded ? stage.front().timeout() : ProxyStage.DEFAULT_SETTLE);
            return cancelReachesOrigin(expected, origin, "the client sent RST_STREAM CANCEL after " + PART + " of "
                    + LARGE + " octets", true);
        }
    }

    private static ProxyVerdict clientResetMidDownload(ProxyStage stage) throws Exception {
        String expected = "the reset reaches the origin: RST_STREAM (h2) or a closed connection (HTTP/1.1)";
        try (EndToEnd e = EndToEnd.get(stage, OriginReply.ok(octets(LARGE)).holdAfter(PART).build())) {
            boolean some = e.front().awaitBody(1);
            e.front().cancel();
            Optional<Arrival> origin = e.atOrigin(a -> a.cancelled().isPresent());
            return cancelReachesOrigin(expected, origin, "the client sent RST_STREAM CANCEL after "
                    + (some ? e.front().body().length + " octets of the response" : "no response octet ("
                            + e.front().seen() + ")"), false);
        }
    }

    private static ProxyVerdict originCut(ProxyStage stage, boolean declared) throws Exception {
        String expected = "the cut reaches the client: RST_STREAM or a closed connection, never END_STREAM on a"
                + " truncated body (or the intermediary's own 5xx before any of it)";
        OriginReply.Builder reply = OriginReply.ok(octets(LARGE)).abortAfter(PART);
        try (EndToEnd e = EndToEnd.get(stage, (declared ? reply : reply.undeclared()).build())) {
            return cutReachesClient(expected, e.front().awaitEnd(), PART, LARGE);
        }
    }

    private static ProxyVerdict goAwayDrains(ProxyStage stage) throws Exception {
        String expected = "the stream named in the GOAWAY completes: 200, all 1 MiB, END_STREAM";
        byte[] body = octets(LARGE);
        try (EndToEnd e = EndToEnd.get(stage, OriginReply.ok(body).goingAway().build())) {
            return wholeAtClient(expected, e.front().awaitEnd(), body);
        }
    }

    private static ProxyVerdict afterGoAway(ProxyStage stage) throws Exception {
        String expected = "the second request arrives on a new origin connection and is answered 200";
        long first;
        try (EndToEnd e = EndToEnd.get(stage, OriginReply.ok(octets(100)).goingAway().build())) {
            e.front().awaitEnd();
            Optional<Arrival> a = e.atOrigin(x -> true, ProxyStage.DEFAULT_SETTLE);
            if (a.isEmpty()) {
                return ProxyVerdict.inconclusive(expected, "the first request never reached the origin: "
                        + e.front().seen());
            }
            first = a.get().connection();
        }
        try (EndToEnd e = EndToEnd.get(stage, OriginReply.OK)) {
            FrontStream client = e.front().awaitEnd();
            Optional<Arrival> a = e.atOrigin(x -> true, ProxyStage.DEFAULT_SETTLE);
            if (a.isPresent() && a.get().connection() == first) {
                return fail(expected, "the second request came on origin connection " + first + ", after its GOAWAY"
                        + " (or connection: close)");
            }
            if (a.isEmpty() || client.status() != 200) {
                return fail(expected, "the second request was lost: the client got " + client.seen()
                        + (a.isEmpty() ? "; the origin saw nothing" : ""));
            }
            return pass(expected, "origin connection " + a.get().connection() + " after connection " + first
                    + "; the client got " + client.seen());
        }
    }

    private static ProxyVerdict teTrailersForwarded(ProxyStage stage) throws Exception {
        String expected = "te: trailers reaches the h2 origin as sent (gRPC needs it)";
        try (EndToEnd e = grpc(stage, OriginReply.OK)) {
            e.front().awaitEnd();
            Optional<Arrival> a = e.atOrigin(x -> true, ProxyStage.DEFAULT_SETTLE);
            if (a.isEmpty()) {
                return fail(expected, "refused a request the RFC allows: " + e.front().seen());
            }
            List<String> te = a.get().values("te");
            return te.equals(List.of("trailers")) ? pass(expected, "te: trailers arrived")
                    : fail(expected, "te arrived as " + te + ": " + a.get().evidence());
        }
    }

    private static ProxyVerdict responseTrailers(ProxyStage stage) throws Exception {
        String expected = "the response's trailers (grpc-status: 0) reach the client after its DATA, with END_STREAM";
        OriginReply reply = OriginReply.ok(grpcMessage()).with("content-type", "application/grpc")
                .trailer("grpc-status", "0").trailer("grpc-message", "ok").build();
        try (EndToEnd e = grpc(stage, reply)) {
            FrontStream client = e.front().awaitEnd();
            boolean got = client.end() == FrontStream.End.COMPLETE
                    && client.trailers().contains(new HeaderField("grpc-status", "0"));
            return got ? pass(expected, client.seen()) : fail(expected, "the client got " + client.seen());
        }
    }

    private static ProxyVerdict requestTrailers(ProxyStage stage) throws Exception {
        String expected = "the request's trailer x-h2scope-checksum reaches the origin";
        try (EndToEnd e = EndToEnd.start(stage, OriginReply.OK, m -> ProxyRequest.post(m, stage.authority()).build(),
                false)) {
            e.front().send("hello".getBytes(StandardCharsets.US_ASCII), false);
            e.front().trailers(List.of(new HeaderField("x-h2scope-checksum", "5d41402a")));
            FrontStream client = e.front().awaitEnd();
            Optional<Arrival> a = e.atOrigin(Arrival::isComplete, ProxyStage.DEFAULT_SETTLE);
            if (a.isEmpty()) {
                return fail(expected, "the origin saw nothing; the client got " + client.seen());
            }
            boolean got = a.get().trailers().contains(new HeaderField("x-h2scope-checksum", "5d41402a"));
            return got ? pass(expected, "the trailer arrived; the client got " + client.seen())
                    : fail(expected, "the origin got trailers " + a.get().trailers() + "; " + a.get().evidence());
        }
    }

    private static ProxyVerdict expectContinue(ProxyStage stage) throws Exception {
        String expected = "the body sent after expect: 100-continue reaches the origin whole and the client gets 200";
        byte[] body = octets(PART);
        try (EndToEnd e = EndToEnd.start(stage, OriginReply.OK, m -> ProxyRequest.post(m, stage.authority())
                .with("content-length", Integer.toString(PART)).with("expect", "100-continue").build(), false)) {
            e.front().awaitHead(CONTINUE_WAIT);
            if (e.front().status() != 0 || e.front().end() != FrontStream.End.OPEN) {
                return fail(expected, "answered before the body: " + e.front().seen());
            }
            e.front().send(body, true);
            FrontStream client = e.front().awaitEnd();
            ProxyVerdict v = wholeAtOrigin(expected, e.atOrigin(Arrival::isComplete), body, client);
            return client.interim().contains(100) || v.verdict().outcome() != Outcome.PASS
                    ? v : pass(expected, v.verdict().actual() + " (no 100 came: the body went after "
                            + CONTINUE_WAIT.toMillis() + " ms)");
        }
    }

    private static ProxyVerdict largeUpload(ProxyStage stage) throws Exception {
        String expected = "all 1 MiB reach the origin, octet for octet, and its 200 the client";
        byte[] body = octets(LARGE);
        try (EndToEnd e = EndToEnd.start(stage, OriginReply.OK, m -> ProxyRequest.post(m, stage.authority())
                .with("content-length", Integer.toString(LARGE)).build(), false)) {
            e.front().send(body, true);
            FrontStream client = e.front().awaitEnd();
            return wholeAtOrigin(expected, e.atOrigin(Arrival::isComplete), body, client);
        }
    }

    /**
     * How long the origin's answer must stand still before the case takes the intermediary to have stopped reading:
     * far above a loopback hop's pauses, and what a bounded intermediary costs the case.
     */
    static final Duration STALL = Duration.ofSeconds(1);

    private static ProxyVerdict slowClient(ProxyStage stage) throws Exception {
        long limit = stage.bufferLimit();
        int offered = (int) (2 * limit);
        String expected = "the intermediary stops reading from the origin while the client's window is at zero,"
                + " having read at most " + limit + " octets ahead of the client";
        // watched from before the request: the growth is what this case made the intermediary hold
        try (IntermediaryMemory memory = stage.watchMemory();
                EndToEnd e = EndToEnd.get(stage, OriginReply.ok(new byte[offered]).build())) {
            e.front().withholdWindow();
            e.front().awaitBody(FlowWindow.DEFAULT_INITIAL_SIZE);
            // a bounded intermediary stalls within a few windows; an unbounded one takes everything at loopback speed
            Optional<Arrival> origin = e.onceAnswerStalls(offered, STALL,
                    stage.front().timeout().plus(STALL.multipliedBy(4)));
            return EndToEndJudge.boundedBuffering(expected, origin, e.front().body().length, offered, limit,
                    memory.evidence());
        }
    }

    private static ProxyVerdict largeDownload(ProxyStage stage, boolean declared) throws Exception {
        String expected = "all 1 MiB of the response reach the client, octet for octet, then END_STREAM";
        byte[] body = octets(LARGE);
        OriginReply.Builder reply = OriginReply.ok(body);
        try (EndToEnd e = EndToEnd.get(stage, (declared ? reply : reply.undeclared()).build())) {
            return wholeAtClient(expected, e.front().awaitEnd(), body);
        }
    }

    /** A gRPC-style POST carrying one message, te: trailers, its stream ended. */
    private static EndToEnd grpc(ProxyStage stage, OriginReply reply) throws Exception {
        EndToEnd e = EndToEnd.start(stage, reply, m -> ProxyRequest.post(m, stage.authority())
                .with("content-type", "application/grpc").with("te", "trailers").build(), false);
        e.front().send(grpcMessage(), true);
        return e;
    }

    /** One gRPC length-prefixed message: uncompressed, 2 octets. */
    private static byte[] grpcMessage() {
        return new byte[] {0, 0, 0, 0, 2, 'h', 'i'};
    }

    /** {@code n} octets that are the same every run and unlike any shifted copy of themselves. */
    static byte[] octets(int n) {
        byte[] out = new byte[n];
        new Random(n).nextBytes(out);
        return out;
    }
}
