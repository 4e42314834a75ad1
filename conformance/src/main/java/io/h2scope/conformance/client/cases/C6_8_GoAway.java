package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.ResponseScripts.field;
import static io.h2scope.conformance.client.cases.ResponseScripts.ok;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** RFC 9113 §6.8: GOAWAY from the server, and what the client may do with its requests after it. */
public final class C6_8_GoAway implements ClientSection {

    private static final long PING_DATA = 0x676f_6177_6179_2121L;
    private static final int MAX_STREAM_ID = Integer.MAX_VALUE;
    /** How long the two-request cases wait for a second request on the first connection before answering the first. */
    private static final Duration SECOND_REQUEST_WAIT = Duration.ofMillis(300);
    private static final String MIGHT_COMPLETE = "Activity on streams numbered lower than or equal to the last stream "
            + "identifier might still complete successfully.";

    @Override
    public String id() {
        return "client/6.8";
    }

    @Override
    public String title() {
        return "GOAWAY";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(responseAfterGoAway(), gracefulTwoGoAways(), streamAboveLastRetriedOrFailed(),
                noNewStreamAfterGoAway(), midBodyThenClose(), nonZeroStream(), postNotRetried(),
                settingsNeverAcknowledged());
    }

    static ClientCase responseAfterGoAway() {
        return ClientCase.define("client/6.8/response-after-goaway-completes").rfc("RFC 9113 §6.8")
                .quote(MIGHT_COMPLETE)
                .does("sends GOAWAY NO_ERROR with last-stream-id the request's and debug data, then the response "
                        + "(SHOULD: the RFC says such streams might complete)")
                .should()
                .run(ResponseScripts.accepted(200, 5, (peer, s) -> {
                    byte[] debug = "shutting down".getBytes(StandardCharsets.US_ASCII);
                    peer.send(GoAwayFrame.of(s, ErrorCode.NO_ERROR, debug));
                    ServerPart.respond(peer, s);
                }));
    }

    static ClientCase gracefulTwoGoAways() {
        return ClientCase.define("client/6.8/graceful-two-goaways").rfc("RFC 9113 §6.8")
                .quote("The last stream identifier from the last GOAWAY frame received indicates which streams could "
                        + "have been acted upon.")
                .does("sends GOAWAY NO_ERROR with last-stream-id 2^31-1, a second with the request's id, then the "
                        + "response (SHOULD: the RFC says such streams might complete)")
                .should()
                .run(ResponseScripts.accepted(200, 5, (peer, s) -> {
                    peer.send(GoAwayFrame.of(MAX_STREAM_ID, ErrorCode.NO_ERROR));
                    peer.send(GoAwayFrame.of(s, ErrorCode.NO_ERROR));
                    ServerPart.respond(peer, s);
                }));
    }

    /** What happened when two requests were in flight and GOAWAY named the first as the last. */
    private record TwoInFlight(ScriptedPeer old, int first, boolean secondInFlight, RetryServer retries,
            List<ClientOutcome> outcomes, int unanswered) {

        /** What the client reported for the request the GOAWAY left unprocessed. */
        ClientOutcome unansweredOutcome() {
            return outcomes.get(unanswered);
        }

        /** How the second request was sent, for a verdict. */
        String how() {
            return secondInFlight ? "both requests in flight on one connection"
                    : "the second request not sent before the first's response";
        }
    }

    /**
     * Two requests; GOAWAY NO_ERROR naming the first as last-stream-id, and a PING; the first answered. A client that
     * multiplexes has both in flight by then (the second waited for up to {@link #SECOND_REQUEST_WAIT}); one that
     * sends the second only after the first's response must send it on a new connection. After the PING's ACK (the
     * client has read the GOAWAY) whatever comes is served: retries on new connections and, against the rule, new
     * streams on the old one. Null when no request came.
     */
    private static TwoInFlight twoInFlight(ClientStage stage) throws IOException, InterruptedException {
        stage.start("/first", "/second");
        ScriptedPeer peer = null;
        int first = -1;
        for (int tries = 0; tries < ServerMoves.CONNECTIONS_BEFORE_A_REQUEST && first < 0; tries++) {
            peer = stage.accept();
            try {
                ServerPart.settings(peer);
                first = ServerPart.request(peer);
            } catch (IOException e) {
                first = -1;
            }
        }
        if (first < 0) {
            return null;
        }
        boolean second = false;
        long until = System.nanoTime() + SECOND_REQUEST_WAIT.toNanos();
        for (Frame f : peer.received()) {
            second |= f instanceof HeadersFrame && f.streamId() != first;
        }
        while (!second && System.nanoTime() - until < 0) {
            Incoming in = peer.next(Duration.ofNanos(Math.max(0, until - System.nanoTime())));
            second = in instanceof Incoming.FrameIn f && f.frame() instanceof HeadersFrame
                    && f.frame().streamId() != first;
            if (in instanceof Incoming.Closed) {
                break;
            }
        }
        boolean inFlight = second;
        ResponseScripts.playTolerant(peer, first, (p, s) -> {
            p.send(GoAwayFrame.of(s, ErrorCode.NO_ERROR));
            p.send(PingFrame.of(PING_DATA));
            ServerPart.respond(p, s);
        });
        Set<Integer> handled = new HashSet<>();
        for (Frame f : peer.received()) {
            if (f instanceof HeadersFrame) {
                handled.add(f.streamId());
            }
        }
        peer.await(f -> f instanceof PingFrame p && p.ack());
        RetryServer retries = new RetryServer(stage, Map.of(peer, handled)).serve();
        // the client may send its requests in either order: the one not answered is the other one's index
        List<HeaderField> answered = ResponseScripts.requestFields(peer, first);
        boolean secondAnswered = answered != null
                && answered.stream().anyMatch(f -> f.name().equals(":path") && f.value().equals("/second"));
        return new TwoInFlight(peer, first, inFlight, retries, stage.outcomes(), secondAnswered ? 0 : 1);
    }

    static ClientCase streamAboveLastRetriedOrFailed() {
        return ClientCase.define("client/6.8/stream-above-last-retried-or-failed").rfc("RFC 9113 §6.8")
                .quote("If the receiver of the GOAWAY has sent data on streams with a higher stream identifier than "
                        + "what is indicated in the GOAWAY frame, those streams are not or will not be processed.")
                .does("takes two requests (waiting 300 ms for the second on the first connection), sends GOAWAY "
                        + "NO_ERROR naming the first as last, answers the first; the second on a new connection is "
                        + "answered")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> {
                    TwoInFlight run = twoInFlight(stage);
                    String expected = "the request above last-stream-id failed, or answered on a new connection; never "
                            + "a success from the connection that did not process it";
                    if (run == null) {
                        return Verdict.inconclusive(expected, "the connection ended before the request");
                    }
                    Verdict v = run.retries().retriedOrFailed(expected, run.unansweredOutcome(), true);
                    return new Verdict(v.outcome(), v.expected(), run.how() + "; " + v.actual());
                });
    }

    static ClientCase noNewStreamAfterGoAway() {
        return ClientCase.define("client/6.8/no-new-stream-after-goaway").rfc("RFC 9113 §6.8")
                .quote("Receivers of a GOAWAY frame MUST NOT open additional streams on the connection, although a new "
                        + "connection can be established for new streams.")
                .does("takes two requests (waiting 300 ms for the second), sends GOAWAY NO_ERROR naming the first as "
                        + "last and a PING; after the PING's ACK, no new stream may open on that connection")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> {
                    TwoInFlight run = twoInFlight(stage);
                    String expected = "no HEADERS opening a stream on the connection after the GOAWAY was read";
                    if (run == null) {
                        return Verdict.inconclusive(expected, "the connection ended before the request");
                    }
                    List<Integer> opened = run.retries().opened(run.old());
                    return opened.isEmpty() ? Verdict.pass(expected, run.how() + "; " + run.retries().newConnections()
                            + " new connection(s) for what followed")
                            : Verdict.fail(expected, run.how() + "; opened stream(s) " + opened
                                    + " on it after the GOAWAY's PING ACK");
                });
    }

    static ClientCase midBodyThenClose() {
        return ClientCase.define("client/6.8/goaway-mid-body-then-close").rfc("RFC 9113 §6.8")
                .quote("On streams with lower- or equal-numbered identifiers that were not closed completely prior to "
                        + "the connection being closed, reattempting requests, transactions, or any protocol activity "
                        + "is not possible, except for idempotent actions like HTTP GET, PUT, or DELETE.")
                .does("sends 200 with content-length: 10 and 5 octets, GOAWAY INTERNAL_ERROR naming the stream, and "
                        + "closes the connection (a retry of the GET is answered)")
                .run(closeAfter((peer, s) -> {
                    peer.headers(s, ok(field("content-length", "10")), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                    peer.send(GoAwayFrame.of(s, ErrorCode.INTERNAL_ERROR));
                }, false));
    }

    static ClientCase postNotRetried() {
        return ClientCase.define("client/6.8/post-not-retried-after-goaway").rfc("RFC 9113 §6.8")
                .quote("On streams with lower- or equal-numbered identifiers that were not closed completely prior to "
                        + "the connection being closed, reattempting requests, transactions, or any protocol activity "
                        + "is not possible, except for idempotent actions like HTTP GET, PUT, or DELETE.")
                .does("reads a whole POST, sends GOAWAY NO_ERROR naming its stream and closes the connection without "
                        + "a response; a POST on a new connection is a retry of a request that may have been processed "
                        + "(SHOULD: RFC 9110 §9.2.2)")
                .needs(ClientAbility.BODY)
                .should()
                .run(closeAfter((peer, s) -> peer.send(GoAwayFrame.of(s, ErrorCode.NO_ERROR)), true));
    }

    /** The script, then the connection closed; for a POST ({@code post}) a retry is a FAIL, for a GET not. */
    private static ClientCaseBody closeAfter(ResponseScripts.Script script, boolean post) {
        ResponseScripts.Exchange exchange = (stage, peer, stream) -> {
            if (post) {
                ResponseScripts.awaitRequestEnd(peer, stream);
            }
            ResponseScripts.playTolerant(peer, stream, script);
            peer.close();
            RetryServer retries = RetryServer.after(stage, peer, stream).serve();
            ClientOutcome outcome = stage.outcomes().get(0);
            if (!post) {
                return retries.retriedOrFailed("the request reported as failed (or the GET retried and answered), "
                        + "never the truncated response as a success", outcome);
            }
            String expected = "the POST reported as failed, not sent again";
            return retries.answered() > 0
                    ? Verdict.fail(expected, "sent the POST again on a new connection (" + outcome + ")")
                    : retries.retriedOrFailed(expected, outcome);
        };
        return ResponseScripts.onGetOrPost(post, exchange);
    }

    static ClientCase nonZeroStream() {
        return ClientCase.define("client/6.8/non-zero-stream").rfc("RFC 9113 §6.8")
                .quote("An endpoint MUST treat a GOAWAY frame with a stream identifier other than 0x00 as a connection "
                        + "error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends a GOAWAY (last-stream-id the request's, NO_ERROR) on the request's stream, then an "
                        + "ordinary response")
                .run(ResponseScripts.faultThenResponse(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR,
                        (peer, s) -> peer.sendRaw(0x7, 0, s, new byte[] {
                            (byte) (s >>> 24), (byte) (s >>> 16), (byte) (s >>> 8), (byte) s, 0, 0, 0, 0})));
    }

    static ClientCase settingsNeverAcknowledged() {
        return ClientCase.define("client/6.8/settings-never-acknowledged").rfc("RFC 9113 §6.5.3")
                .quote("If the sender of a SETTINGS frame does not receive an acknowledgment within a reasonable "
                        + "amount of time, it MAY issue a connection error (Section 5.4.1) of type SETTINGS_TIMEOUT.")
                .does("sends its SETTINGS but never acknowledges the client's, and answers the request at once "
                        + "(SHOULD: the response completes, or the client ends with GOAWAY SETTINGS_TIMEOUT)")
                .should()
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        peer.send(SettingsFrame.of(List.of()));
                        int stream = ServerPart.request(peer);
                        if (stream < 0) {
                            return Verdict.inconclusive("a request", "the connection ended before the request");
                        }
                        ResponseScripts.playTolerant(peer, stream, ServerPart::respond);
                        List<Frame> after = C6_4_RstStream.untilFinished(stage, peer);
                        ClientOutcome outcome = stage.outcomes().get(0);
                        String expected = "the response, or GOAWAY SETTINGS_TIMEOUT";
                        for (Frame f : after) {
                            if (f instanceof GoAwayFrame g && g.errorCode() != ErrorCode.NO_ERROR.code()) {
                                return g.errorCode() == ErrorCode.SETTINGS_TIMEOUT.code()
                                        ? Verdict.pass(expected, "GOAWAY SETTINGS_TIMEOUT; " + outcome)
                                        : Verdict.fail(expected, "GOAWAY " + ErrorCode.nameOf(g.errorCode()) + "; "
                                                + outcome);
                            }
                        }
                        return outcome.reportedSuccess() ? Verdict.pass(expected, outcome.toString())
                                : Verdict.fail(expected, outcome.toString());
                    }
                });
    }
}
