package io.h2scope.conformance.suite.rfc9113;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.List;

/**
 * RFC 9113 §8.3.1: request pseudo-header values (RFC 7540 §8.1.2.3 only required their presence), and
 * :authority, which is not one of the mandatory ones.
 */
public final class R8_3_1_RequestPseudoHeaders implements Section {

    private static final String MANDATORY = "All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and \":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5). An HTTP request that omits mandatory pseudo-header fields is malformed (Section 8.1.1).";
    private static final String ANSWERED = "a response with any :status but 400 (the request form refused) or 421 (the authority "
            + "in host not taken); RST_STREAM before a response (PROTOCOL_ERROR: taken for malformed), GOAWAY or a close is FAIL";

    @Override
    public String id() {
        return "rfc9113/8.3.1";
    }

    @Override
    public String title() {
        return "Request Pseudo-Header Fields";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("rfc9113/8.3.1/authority-host-mismatch").rfc("8.1.2.3", "8.3.1").should()
                        .sends("a GET with the target's :authority and host: other.invalid")
                        .quote("A server SHOULD treat a request as malformed if it contains a Host header field that identifies an entity that differs from the entity in the \":authority\" pseudo-header field.")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field("host", "other.invalid")))),
                CaseDef.define("rfc9113/8.3.1/authority-host-equal-accepted").rfc("8.1.2.3", "8.3.1")
                        .sends("a GET whose host field repeats the :authority value")
                        .quote("Clients MUST NOT generate a request with a Host header field that differs from the \":authority\" pseudo-header field.")
                        .accepts("a response: a host equal to :authority is allowed")
                        .run(p -> Expect.response(p, Fields.getOnStream1(p, field("host", p.target().authority())))),
                CaseDef.define("rfc9113/8.3.1/path-without-leading-slash").rfc("8.1.2.3", "8.3.1")
                        .sends("a GET with :path index.html (not an absolute path, not '*')")
                        .quote("All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and \":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5). ... The \":path\" pseudo-header field includes the path and query parts of the target URI (the absolute-path production and, optionally, a '?' character followed by the query production)")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.with(p.requestHeaders(p.target().path()), ":path", "index.html"), true);
                            return Expect.malformed(p, 1);
                        }),
                CaseDef.define("rfc9113/8.3.1/no-authority-with-host").rfc("8.1.2.3", "8.3.1")
                        .sends("a GET with :method, :scheme and :path, no :authority, and host: the target's authority")
                        .quote("The recipient of a HTTP/2 request MUST NOT use the Host header field to determine the target URI if \":authority\" is present. ... "
                                + MANDATORY)
                        .accepts(ANSWERED)
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, withoutAuthority(p, "GET", p.target().path()), true);
                            return answeredNotRefused(p, 1);
                        }),
                CaseDef.define("rfc9113/8.3.1/no-authority-no-host").rfc("8.1.2.3", "8.3.1")
                        .sends("a GET with :method, :scheme and :path, and neither :authority nor host")
                        .quote("Clients that generate HTTP/2 requests directly MUST use the \":authority\" pseudo-header field to convey authority information, unless there is no authority information to convey (in which case it MUST NOT generate \":authority\").")
                        .accepts("the request handled either way: a client must send :authority or host (RFC 9110 §7.2), so a "
                                + "response with any :status (400 included) or RST_STREAM is PASS; a GOAWAY or a close is PASS-LENIENT "
                                + "(more than the stream error §8.1.1 asks for); no answer while the connection is alive is FAIL")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.without(p.requestHeaders("GET", p.target().path()), ":authority"), true);
                            return handledEitherWay(p, 1);
                        }),
                CaseDef.define("rfc9113/8.3.1/options-asterisk-without-authority").rfc("8.1.2.3", "8.3.1")
                        .sends("OPTIONS with :path *, :scheme, no :authority, and host: the target's authority")
                        .quote("Clients that generate HTTP/2 requests directly MUST use the \":authority\" pseudo-header field to convey authority information, unless there is no authority information to convey (in which case it MUST NOT generate \":authority\"). ... Note that request targets for CONNECT or asterisk-form OPTIONS requests never include authority information")
                        .accepts(ANSWERED)
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, withoutAuthority(p, "OPTIONS", "*"), true);
                            return answeredNotRefused(p, 1);
                        }),
                CaseDef.define("rfc9113/8.3.1/empty-method").rfc("8.1.2.3", "8.3.1")
                        .sends("a request with an empty :method")
                        .quote("All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and \":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5).")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.with(p.requestHeaders(p.target().path()), ":method", ""), true);
                            return Expect.malformed(p, 1);
                        }));
    }

    /** {@code method} for {@code path} with the authority in a host field instead of :authority. */
    private static List<HeaderField> withoutAuthority(Peer p, String method, String path) {
        return Fields.append(Fields.without(p.requestHeaders(method, path), ":authority"), field("host", p.target().authority()));
    }

    /**
     * A request the target may answer or refuse: any response or RST_STREAM handles it; a connection error or a
     * close is more than a malformed request earns (RFC 9113 §8.1.1: a stream error); silence is probed.
     */
    private static Verdict handledEitherWay(Peer p, int streamId) {
        String expected = "a response on stream " + streamId + " (any :status) or RST_STREAM on it";
        boolean probed = false;
        long ping = 0;
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f) {
                if (f.frame() instanceof GoAwayFrame g) {
                    return Verdict.lenient(expected, "GOAWAY " + ErrorCode.nameOf(g.errorCode())
                            + ": a connection error where RFC 9113 §8.1.1 asks for a stream error at most").strictly(p.options().strict());
                }
                if (f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                    return Verdict.pass(expected, "refused with RST_STREAM " + ErrorCode.nameOf(r.errorCode()));
                }
                String status = f.frame().streamId() == streamId ? f.status().orElse(null) : null;
                if (status != null && !status.startsWith("1")) {
                    return Verdict.pass(expected, "answered with :status " + status);
                }
                if (probed && f.frame() instanceof PingFrame pf && pf.ack() && pf.opaqueData() == ping) {
                    return Verdict.fail(expected, "no response on stream " + streamId + "; the connection is alive (liveness PING answered)");
                }
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.closedWithoutAnswer(expected, "a response or RST_STREAM", "connection " + c.how()).strictly(p.options().strict());
            } else if (event instanceof PeerEvent.Http1Response h) {
                return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
            } else if (event instanceof PeerEvent.Timeout) {
                if (probed) {
                    return Verdict.inconclusive(expected, "no response and the liveness PING was not answered either");
                }
                p.note("no response in " + p.timeout().toMillis() + " ms: liveness PING");
                ping = p.sendProbePing();
                probed = true;
            }
        }
    }

    /**
     * A request :authority may be absent from is answered as any other: a :status that is not a refusal of
     * its form (400, or 421 for the host). Silence is probed as {@link Expect} does: alive is FAIL.
     */
    private static Verdict answeredNotRefused(Peer p, int streamId) {
        String expected = "a response on stream " + streamId + " other than 400 or 421, no RST_STREAM before it";
        boolean probed = false;
        long ping = 0;
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f) {
                if (f.frame() instanceof GoAwayFrame g) {
                    return Verdict.fail(expected, "GOAWAY " + ErrorCode.nameOf(g.errorCode()));
                }
                if (f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                    return Verdict.fail(expected, "RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + " on stream " + streamId
                            + " before any response: the request was refused");
                }
                String status = f.frame().streamId() == streamId ? f.status().orElse(null) : null;
                if (status != null && !status.startsWith("1")) {
                    return status.equals("400") || status.equals("421")
                            ? Verdict.fail(expected, "refused with :status " + status)
                            : Verdict.pass(expected, "answered with :status " + status);
                }
                if (probed && f.frame() instanceof PingFrame pf && pf.ack() && pf.opaqueData() == ping) {
                    return Verdict.fail(expected, "no response on stream " + streamId + "; the connection is alive (liveness PING answered)");
                }
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.fail(expected, "connection " + c.how());
            } else if (event instanceof PeerEvent.Http1Response h) {
                return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
            } else if (event instanceof PeerEvent.Timeout) {
                if (probed) {
                    return Verdict.inconclusive(expected, "no response and the liveness PING was not answered either");
                }
                p.note("no response in " + p.timeout().toMillis() + " ms: liveness PING");
                ping = p.sendProbePing();
                probed = true;
            }
        }
    }
}
