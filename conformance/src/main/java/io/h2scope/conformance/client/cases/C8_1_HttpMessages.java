package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.ResponseScripts.accepted;
import static io.h2scope.conformance.client.cases.ResponseScripts.field;
import static io.h2scope.conformance.client.cases.ResponseScripts.malformed;
import static io.h2scope.conformance.client.cases.ResponseScripts.ok;
import static io.h2scope.conformance.client.cases.ResponseScripts.okWith;
import static io.h2scope.conformance.client.cases.ResponseScripts.status;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** RFC 9113 §8.1: HTTP message framing, as the client must check a response's. */
public final class C8_1_HttpMessages implements ClientSection {

    private static final String CONTENT_LENGTH = "A request or response is also malformed if the value of a "
            + "content-length header field does not equal the sum of the DATA frame payload lengths that form the "
            + "content, unless the message is defined as having no content.";
    private static final String HEADERS_WITHOUT_END_STREAM = "An endpoint that receives a HEADERS frame without the "
            + "END_STREAM flag set after receiving the HEADERS frame that opens a request or after receiving a final "
            + "(non-informational) status code MUST treat the corresponding request or response as malformed "
            + "(Section 8.1.1).";
    private static final String COMPLETE = "An HTTP response is complete after the server sends -- or the client "
            + "receives -- a frame with the END_STREAM flag set (including any CONTINUATION frames needed to "
            + "complete a field block).";
    private static final String INTERIM = "For a response only, a server MAY send any number of interim responses "
            + "before the HEADERS frame containing a final response.";

    @Override
    public String id() {
        return "client/8.1";
    }

    @Override
    public String title() {
        return "HTTP Message Framing";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(contentLengthAboveData(), contentLengthBelowData(), contentLengthTwoValues(),
                contentLengthWithoutData(), dataBeforeHeaders(), informationalWithEndStream(),
                trailersWithoutEndStream(), secondResponseHeaders(), pseudoHeaderInTrailers(), switchingProtocols(),
                closedMidBody(), closedMidBodyWithoutLength(), closedAfterHeaders(), interimContinue(),
                interimEarlyHintsTwice(), trailersAccepted(), headersOnlyResponse(), noContent204(),
                notModifiedWithContentLength(), headerBlockInContinuations(), endStreamHeadersThenContinuation(),
                resetNoErrorAfterCompleteResponse(), dataAfterEndStream());
    }

    static ClientCase contentLengthAboveData() {
        return ClientCase.define("client/8.1.1/content-length-above-data").rfc("RFC 9113 §8.1.1")
                .quote(CONTENT_LENGTH)
                .does("answers content-length: 10 with 5 octets and END_STREAM")
                .run(malformed((peer, s) -> okWith(peer, s, field("content-length", "10"))));
    }

    static ClientCase contentLengthBelowData() {
        return ClientCase.define("client/8.1.1/content-length-below-data").rfc("RFC 9113 §8.1.1")
                .quote(CONTENT_LENGTH)
                .does("answers content-length: 3 with 5 octets and END_STREAM")
                .run(malformed((peer, s) -> okWith(peer, s, field("content-length", "3"))));
    }

    static ClientCase contentLengthTwoValues() {
        return ClientCase.define("client/8.1.1/content-length-two-values").rfc("RFC 9113 §8.1.1")
                .quote(CONTENT_LENGTH)
                .does("answers with two content-length fields, 5 and 6, and 5 octets")
                .run(malformed((peer, s) -> okWith(peer, s, field("content-length", "5"),
                        field("content-length", "6"))));
    }

    static ClientCase contentLengthWithoutData() {
        return ClientCase.define("client/8.1.1/content-length-without-data").rfc("RFC 9113 §8.1.1")
                .quote(CONTENT_LENGTH)
                .does("answers a GET with 200, content-length: 5 and END_STREAM on the HEADERS (no DATA)")
                .run(malformed((peer, s) -> peer.headers(s, ok(field("content-length", "5")), true)));
    }

    static ClientCase dataBeforeHeaders() {
        return ClientCase.define("client/8.1.1/data-before-headers").rfc("RFC 9113 §8.1.1")
                .quote("A malformed request or response is one that is an otherwise valid sequence of HTTP/2 frames "
                        + "but is invalid due to the presence of extraneous frames, prohibited fields or pseudo-header "
                        + "fields, the absence of mandatory pseudo-header fields, the inclusion of uppercase field "
                        + "names, or invalid field names and/or values (in certain circumstances; see Section 8.2).")
                .does("sends DATA with END_STREAM on the request's stream before any response HEADERS")
                .run(malformed((peer, s) -> peer.send(DataFrame.of(s, ServerPart.BODY, true))));
    }

    static ClientCase informationalWithEndStream() {
        return ClientCase.define("client/8.1/informational-with-end-stream").rfc("RFC 9113 §8.1")
                .quote("A HEADERS frame with the END_STREAM flag set that carries an informational status code is "
                        + "malformed (Section 8.1.1).")
                .does("answers with :status 100 and END_STREAM")
                .run(malformed((peer, s) -> peer.headers(s, status("100"), true)));
    }

    static ClientCase trailersWithoutEndStream() {
        return ClientCase.define("client/8.1/trailers-without-end-stream").rfc("RFC 9113 §8.1")
                .quote(HEADERS_WITHOUT_END_STREAM)
                .does("sends 200, 5 octets, a trailer HEADERS without END_STREAM, then an empty DATA with END_STREAM")
                .run(malformed((peer, s) -> {
                    peer.headers(s, ok(), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                    peer.headers(s, List.of(field("x-checksum", "abc")), false);
                    peer.send(DataFrame.of(s, new byte[0], true));
                }));
    }

    static ClientCase secondResponseHeaders() {
        return ClientCase.define("client/8.1/second-response-headers").rfc("RFC 9113 §8.1")
                .quote(HEADERS_WITHOUT_END_STREAM)
                .does("sends a final 200 HEADERS, a second :status 200 HEADERS without END_STREAM, then the body")
                .run(malformed((peer, s) -> {
                    peer.headers(s, ok(), false);
                    peer.headers(s, ok(), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, true));
                }));
    }

    static ClientCase pseudoHeaderInTrailers() {
        return ClientCase.define("client/8.1/pseudo-header-in-trailers").rfc("RFC 9113 §8.1")
                .quote("An endpoint that receives pseudo-header fields in trailers MUST treat the request or response "
                        + "as malformed (Section 8.1.1).")
                .does("sends 200, 5 octets, then trailers carrying :status 200 with END_STREAM")
                .run(malformed((peer, s) -> {
                    peer.headers(s, ok(), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                    peer.headers(s, List.of(field(":status", "200"), field("x-checksum", "abc")), true);
                }));
    }

    static ClientCase switchingProtocols() {
        return ClientCase.define("client/8.1/switching-protocols-101").rfc("RFC 9113 §8.6")
                .quote("HTTP/2 does not support the 101 (Switching Protocols) informational status code (Section "
                        + "15.2.2 of [HTTP]).")
                .does("sends :status 101 with upgrade-less fields, then a 200 with 5 octets (SHOULD: the RFC names "
                        + "no error code, so it is judged as a malformed response)")
                .should()
                .run(malformed((peer, s) -> {
                    peer.headers(s, status("101"), false);
                    ServerPart.respond(peer, s);
                }));
    }

    static ClientCase closedMidBody() {
        return ClientCase.define("client/8.1/closed-mid-body").rfc("RFC 9113 §8.1")
                .quote(COMPLETE)
                .does("sends 200 with content-length: 10 and 5 octets without END_STREAM, then closes the TCP "
                        + "connection (a retry on a new connection is answered)")
                .run(closedAfter((peer, s) -> {
                    peer.headers(s, ok(field("content-length", "10")), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                }));
    }

    static ClientCase closedMidBodyWithoutLength() {
        return ClientCase.define("client/8.1/closed-mid-body-without-length").rfc("RFC 9113 §8.1")
                .quote(COMPLETE)
                .does("sends 200 without content-length and 5 octets without END_STREAM, then closes the TCP "
                        + "connection (a retry on a new connection is answered)")
                .run(closedAfter((peer, s) -> {
                    peer.headers(s, ok(), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                }));
    }

    static ClientCase closedAfterHeaders() {
        return ClientCase.define("client/8.1/closed-after-headers").rfc("RFC 9113 §8.1")
                .quote(COMPLETE)
                .does("sends a 200 HEADERS without END_STREAM, then closes the TCP connection (a retry on a new "
                        + "connection is answered)")
                .run(closedAfter((peer, s) -> peer.headers(s, ok(), false)));
    }

    /** The script, then the connection closed without END_STREAM: failed, or a retry answered elsewhere. */
    private static ClientCaseBody closedAfter(ResponseScripts.Script script) {
        return ResponseScripts.onGet((stage, peer, stream) -> {
            ResponseScripts.playTolerant(peer, stream, script);
            peer.close();
            RetryServer retries = RetryServer.after(stage, peer, stream).serve();
            return retries.retriedOrFailed("the request reported as failed (or retried and answered on a new "
                    + "connection), never the truncated response as a success", stage.outcomes().get(0));
        });
    }

    static ClientCase interimContinue() {
        return ClientCase.define("client/8.1/interim-100-then-response").rfc("RFC 9113 §8.1")
                .quote(INTERIM)
                .does("sends :status 100, then a 200 with 5 octets")
                .run(accepted(200, 5, (peer, s) -> {
                    peer.headers(s, status("100"), false);
                    ServerPart.respond(peer, s);
                }));
    }

    static ClientCase interimEarlyHintsTwice() {
        return ClientCase.define("client/8.1/interim-103-twice-then-response").rfc("RFC 9113 §8.1")
                .quote(INTERIM)
                .does("sends two :status 103 with link fields, then a 200 with 5 octets")
                .run(accepted(200, 5, (peer, s) -> {
                    peer.headers(s, status("103", field("link", "</a.css>; rel=preload")), false);
                    peer.headers(s, status("103", field("link", "</b.js>; rel=preload")), false);
                    ServerPart.respond(peer, s);
                }));
    }

    static ClientCase trailersAccepted() {
        return ClientCase.define("client/8.1/trailers-accepted").rfc("RFC 9113 §8.1")
                .quote("Trailer fields are carried in a field block that also terminates the stream.")
                .does("sends 200, 5 octets without END_STREAM, then trailers with END_STREAM")
                .run(accepted(200, 5, (peer, s) -> {
                    peer.headers(s, ok(field("trailer", "x-checksum")), false);
                    peer.send(DataFrame.of(s, ServerPart.BODY, false));
                    peer.headers(s, List.of(field("x-checksum", "abc")), true);
                }));
    }

    static ClientCase headersOnlyResponse() {
        return ClientCase.define("client/8.1/headers-only-response").rfc("RFC 9113 §8.1")
                .quote("The last frame in the sequence bears an END_STREAM flag, noting that a HEADERS frame with the "
                        + "END_STREAM flag set can be followed by CONTINUATION frames that carry any remaining "
                        + "fragments of the field block.")
                .does("answers 200 with END_STREAM on the HEADERS and no DATA")
                .run(accepted(200, 0, (peer, s) -> peer.headers(s, ok(), true)));
    }

    static ClientCase noContent204() {
        return ClientCase.define("client/8.1.1/no-content-204").rfc("RFC 9113 §8.1.1")
                .quote("For example, 204 or 304 responses contain no content, as does the response to a HEAD request.")
                .does("answers 204 with END_STREAM on the HEADERS")
                .run(accepted(204, 0, (peer, s) -> peer.headers(s, status("204"), true)));
    }

    static ClientCase notModifiedWithContentLength() {
        return ClientCase.define("client/8.1.1/not-modified-304-with-content-length").rfc("RFC 9113 §8.1.1")
                .quote("A response that is defined to have no content, as described in Section 6.4.1 of [HTTP], MAY "
                        + "have a non-zero content-length header field, even though no content is included in DATA "
                        + "frames.")
                .does("answers 304 with content-length: 5 and END_STREAM on the HEADERS")
                .run(accepted(304, 0, (peer, s) -> peer.headers(s, status("304", field("content-length", "5")),
                        true)));
    }

    static ClientCase headerBlockInContinuations() {
        return ClientCase.define("client/8.1/header-block-in-continuations").rfc("RFC 9113 §8.1")
                .quote("one HEADERS frame (followed by zero or more CONTINUATION frames) containing the header "
                        + "section (see Section 6.3 of [HTTP]),")
                .does("sends a 6 KB field block (three 2000-octet fields, under the 8 KB header list some clients "
                        + "advertise) as HEADERS and two CONTINUATION frames, then 5 octets")
                .run(accepted(200, 5, (peer, s) -> {
                    char[] filler = new char[2000];
                    Arrays.fill(filler, 'v');
                    List<HeaderField> fields = new ArrayList<>(ok(field("content-length", "5")));
                    for (int i = 0; i < 3; i++) {
                        fields.add(field("x-big-" + i, new String(filler)));
                    }
                    sendSplit(peer, s, peer.encode(fields), false, 3);
                    peer.send(DataFrame.of(s, ServerPart.BODY, true));
                }));
    }

    static ClientCase endStreamHeadersThenContinuation() {
        return ClientCase.define("client/8.1/end-stream-headers-then-continuation").rfc("RFC 9113 §8.1")
                .quote(COMPLETE)
                .does("answers 200 as HEADERS with END_STREAM but not END_HEADERS, then a CONTINUATION ending the "
                        + "block")
                .run(accepted(200, 0, (peer, s) -> sendSplit(peer, s,
                        peer.encode(ok(field("content-length", "0"), field("x-part", "two"))), true, 2)));
    }

    /** {@code block} as a HEADERS and {@code parts - 1} CONTINUATION frames of about equal size. */
    static void sendSplit(ScriptedPeer peer, int stream, byte[] block, boolean endStream, int parts)
            throws IOException {
        int size = (block.length + parts - 1) / parts;
        for (int i = 0, from = 0; i < parts; i++, from += size) {
            byte[] part = Arrays.copyOfRange(block, Math.min(from, block.length), Math.min(from + size, block.length));
            boolean last = i == parts - 1;
            peer.send(i == 0 ? HeadersFrame.of(stream, part, endStream, last)
                    : ContinuationFrame.of(stream, part, last));
        }
    }

    static ClientCase resetNoErrorAfterCompleteResponse() {
        return ClientCase.define("client/8.1/rst-no-error-after-complete-response").rfc("RFC 9113 §8.1")
                .quote("Clients MUST NOT discard responses as a result of receiving such a RST_STREAM, though clients "
                        + "can always discard responses at their discretion for other reasons.")
                .does("while a 200 KB upload is stalled on flow control, sends a complete 200 response with 5 octets "
                        + "and then RST_STREAM NO_ERROR")
                .needs(ClientAbility.BODY)
                .run(ResponseScripts.onPost(200_000, (stage, peer, stream) -> {
                    ResponseScripts.playTolerant(peer, stream, (p, s) -> {
                        ServerPart.respond(p, s);
                        p.send(RstStreamFrame.of(s, ErrorCode.NO_ERROR));
                    });
                    return ResponseScripts.delivered(stage, 200, ServerPart.BODY.length);
                }));
    }

    static ClientCase dataAfterEndStream() {
        return ClientCase.define("client/8.1/data-after-end-stream").rfc("RFC 9113 §6.1")
                .quote("If a DATA frame is received whose stream is not in the \"open\" or \"half-closed (local)\" "
                        + "state, the recipient MUST respond with a stream error (Section 5.4.2) of type "
                        + "STREAM_CLOSED.")
                .does("answers 200 with 5 octets and END_STREAM, and in the same write 5 more octets of DATA on the "
                        + "closed stream: the response is the first 5 octets, the extra DATA a STREAM_CLOSED error")
                .run(ResponseScripts.onGet((stage, peer, stream) -> {
                    ResponseScripts.playTolerant(peer, stream, (p, s) -> {
                        p.headers(s, ok(), false);
                        ByteArrayOutputStream both = new ByteArrayOutputStream();
                        both.writeBytes(FrameWriter.encode(DataFrame.of(s, ServerPart.BODY, true)));
                        both.writeBytes(FrameWriter.encode(DataFrame.of(s, ServerPart.BODY, false)));
                        p.sendBatch(both.toByteArray());
                    });
                    List<Frame> after = C6_4_RstStream.untilFinished(stage, peer);
                    ClientOutcome outcome = stage.outcomes().get(0);
                    String expected = "RST_STREAM or GOAWAY STREAM_CLOSED; the response, if reported, of 5 octets";
                    if (outcome.reportedSuccess() && outcome.bodyOctets() > ServerPart.BODY.length) {
                        return Verdict.fail(expected, "added the DATA after END_STREAM to the body: " + outcome);
                    }
                    for (Frame f : after) {
                        if (ResponseScripts.errorCode(f, stream) == ErrorCode.STREAM_CLOSED.code()) {
                            return Verdict.pass(expected, "sent STREAM_CLOSED; " + outcome);
                        }
                    }
                    return Verdict.lenient(expected, "no STREAM_CLOSED error (" + after.size()
                            + " frames after the response); " + outcome);
                }));
    }
}
