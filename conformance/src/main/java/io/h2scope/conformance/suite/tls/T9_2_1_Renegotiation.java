package io.h2scope.conformance.suite.tls;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.io.IOException;
import java.util.List;
import javax.net.ssl.SSLSocket;

/** RFC 7540 §9.2.1 (RFC 9113 §9.2.1): no renegotiation after the HTTP/2 preface over TLS 1.2. */
public final class T9_2_1_Renegotiation implements Section {

    @Override
    public String id() {
        return "tls/9.2.1";
    }

    @Override
    public String title() {
        return "TLS 1.2 Features";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("tls/9.2.1/renegotiation-refused").rfc("9.2.1", "9.2.1")
                .sends("TLS 1.2 only, the HTTP/2 preface exchange, then a client-initiated renegotiation (the JDK's second startHandshake())")
                .quote("An endpoint MUST treat a TLS renegotiation as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .accepts("GOAWAY PROTOCOL_ERROR, or the renegotiation refused (TLS alert or close)").errorCase()
                .run(T9_2_1_Renegotiation::renegotiate));
    }

    private static Verdict renegotiate(Peer p) throws Exception {
        if (!p.target().tls()) {
            return T9_2_TlsUsage.skipH2c();
        }
        String expected = "GOAWAY PROTOCOL_ERROR or the renegotiation refused";
        SSLSocket tls;
        try {
            tls = TlsSockets.open(p, List.of("TLSv1.2"), List.of("h2"));
        } catch (IOException e) {
            return Verdict.skip("the target does not speak TLS 1.2 with this JDK (" + e.getMessage()
                    + "): renegotiation exists only in TLS 1.2");
        }
        if (!"h2".equals(tls.getApplicationProtocol())) {
            TlsSockets.endedWithoutHttp2(p, tls, "the case needs h2 over TLS 1.2");
            tls.close();
            return Verdict.inconclusive(expected, "ALPN did not select h2 over TLS 1.2");
        }
        // judged leniently first: a close here is the refusal this case accepts, under --strict too (below)
        try (Peer h2 = Peer.over(p.target(), p.options().withStrict(false), tls)) {
            try {
                h2.handshake();
                h2.note("TLS 1.2 (" + tls.getSession().getCipherSuite() + "): asking for a renegotiation");
                tls.startHandshake();
            } catch (IOException e) {
                p.include("the TLS 1.2 connection:", h2.trace());
                return Verdict.pass(expected, "the renegotiation was refused: " + e.getMessage());
            }
            Verdict verdict = Expect.connectionError(h2, PROTOCOL_ERROR);
            p.include("the TLS 1.2 connection:", h2.trace());
            if (verdict.outcome() == Outcome.PASS_LENIENT) {
                // RFC9113 §5.4.1: "An endpoint that encounters a connection error SHOULD first send a GOAWAY frame";
                // once our ClientHello is in, the target's TLS layer is mid-handshake and many stacks (the JDK's
                // SSLEngine among them) cannot send application data any more: a TLS alert or a close is the
                // refusal §9.2.1 asks for, and the only one possible there. A target that renegotiates and
                // keeps serving still fails (no close, no GOAWAY).
                return Verdict.pass(expected, "the renegotiation was refused by TLS: " + verdict.actual());
            }
            return verdict;
        }
    }
}
