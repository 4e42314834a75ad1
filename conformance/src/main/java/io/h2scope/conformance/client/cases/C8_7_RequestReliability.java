package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import java.util.List;

/**
 * RFC 9113 §8.7: requests the server did not process (REFUSED_STREAM, a GOAWAY below them) and requests cut off by a
 * closed connection: retried (on a connection the rules allow) or reported failed, never a success no response came
 * for.
 */
public final class C8_7_RequestReliability implements ClientSection {

    private static final String REFUSED = "Any request that was sent on the reset stream can be safely retried.";

    @Override
    public String id() {
        return "client/8.7";
    }

    @Override
    public String title() {
        return "Request Reliability";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(refusedGet(), refusedPost(), goAwayBeforeProcessing(), closedWithoutGoAway());
    }

    static ClientCase refusedGet() {
        return ClientCase.define("client/8.7/refused-stream-get").rfc("RFC 9113 §8.7").quote(REFUSED)
                .does("answers the GET with RST_STREAM REFUSED_STREAM; a retry on any stream or connection is answered")
                .run(refused(false));
    }

    static ClientCase refusedPost() {
        return ClientCase.define("client/8.7/refused-stream-post").rfc("RFC 9113 §8.7")
                .quote("Requests that have not been processed have not failed; clients MAY automatically retry them, "
                        + "even those with non-idempotent methods.")
                .does("answers a POST with RST_STREAM REFUSED_STREAM once its body is in; a retry on any stream or "
                        + "connection is answered")
                .needs(ClientAbility.BODY)
                .run(refused(true));
    }

    private static ClientCaseBody refused(boolean post) {
        ResponseScripts.Exchange exchange = (stage, peer, stream) -> {
            if (post) {
                ResponseScripts.awaitRequestEnd(peer, stream);
            }
            ResponseScripts.playTolerant(peer, stream,
                    (p, s) -> p.send(RstStreamFrame.of(s, ErrorCode.REFUSED_STREAM)));
            RetryServer retries = RetryServer.after(stage, peer, stream).serve();
            return retries.retriedOrFailed("the refused request retried and answered, or reported as failed; never a "
                    + "success without a response", stage.outcomes().get(0));
        };
        return ResponseScripts.onGetOrPost(post, exchange);
    }

    static ClientCase goAwayBeforeProcessing() {
        return ClientCase.define("client/8.7/goaway-last-stream-zero").rfc("RFC 9113 §8.7")
                .quote("The GOAWAY frame indicates the highest stream number that might have been processed. Requests "
                        + "on streams with higher numbers are therefore guaranteed to be safe to retry.")
                .does("answers the request with GOAWAY NO_ERROR and last-stream-id 0, keeping the connection open; a "
                        + "retry on a new connection is answered, a new stream on the old one is a FAIL")
                .run(ResponseScripts.onGet((stage, peer, stream) -> {
                    ResponseScripts.playTolerant(peer, stream, (p, s) -> p.send(GoAwayFrame.of(0, ErrorCode.NO_ERROR)));
                    RetryServer retries = RetryServer.after(stage, peer, stream).serve();
                    String expected = "the request retried on a new connection and answered, or reported as failed";
                    if (!retries.opened(peer).isEmpty()) {
                        return Verdict.fail(expected, "opened stream(s) " + retries.opened(peer)
                                + " on the connection after its GOAWAY (RFC 9113 §6.8)");
                    }
                    return retries.retriedOrFailed(expected, stage.outcomes().get(0));
                }));
    }

    static ClientCase closedWithoutGoAway() {
        return ClientCase.define("client/8.7/closed-before-response").rfc("RFC 9113 §5.4.3")
                .quote("If the TCP connection is closed or reset while streams remain in the \"open\" or "
                        + "\"half-closed\" states, then the affected streams cannot be automatically retried (see "
                        + "Section 8.7 for details).")
                .does("reads the GET and closes the TCP connection without GOAWAY or response (a retry of the GET, "
                        + "which RFC 9113 §6.8 allows for idempotent requests, is answered)")
                .run(ResponseScripts.onGet((stage, peer, stream) -> {
                    peer.close();
                    RetryServer retries = RetryServer.after(stage, peer, stream).serve();
                    return retries.retriedOrFailed("the request reported as failed (or retried and answered), never a "
                            + "success without a response", stage.outcomes().get(0));
                }));
    }
}
