package io.h2scope.conformance.suite.tls;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.transport.tls.ForbiddenCipherSuites;
import java.util.List;
import javax.net.ssl.SSLSocket;

/** RFC 7540 §9.2 (RFC 9113 §9.2, §9.2.2, §3.2): TLS version, prohibited cipher suites, ALPN "h2". Only for https targets. */
public final class T9_2_TlsUsage implements Section {

    /** ECDHE-ECDSA, ECDHE-RSA and RSA suites with CBC or plain-RSA key exchange: all on RFC 7540 Appendix A. */
    private static final int[] PROHIBITED = {0xc009, 0xc00a, 0xc023, 0xc013, 0xc014, 0xc027, 0x002f, 0x0035, 0x009c, 0x009d, 0x003c};
    private static final int[] TLS11_SUITES = {0xc009, 0xc00a, 0xc013, 0xc014, 0x002f, 0x0035};

    @Override
    public String id() {
        return "tls/9.2";
    }

    @Override
    public String title() {
        return "Use of TLS Features";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("tls/9.2/only-tls-1-1-offered").rfc("9.2", "9.2")
                        .sends("a raw ClientHello offering only TLS 1.1 (and ALPN h2) on a new connection")
                        .quote("Implementations of HTTP/2 MUST use TLS version 1.2 [TLS12] or higher for HTTP/2 over TLS.")
                        .accepts("a TLS alert or a close: no ServerHello for TLS 1.1").errorCase()
                        .run(p -> {
                            if (!p.target().tls()) {
                                return skipH2c();
                            }
                            String expected = "the TLS 1.1 ClientHello refused (alert or close)";
                            ClientHelloProbe.Answer a = ClientHelloProbe.offer(p, ClientHelloProbe.TLS_1_1, TLS11_SUITES);
                            if (a instanceof ClientHelloProbe.ServerHello h) {
                                return h.version() <= ClientHelloProbe.TLS_1_1 ? Verdict.fail(expected, "it negotiated: " + a.describe())
                                        : Verdict.fail(expected, "it answered with a version we did not offer: " + a.describe());
                            }
                            if (a instanceof ClientHelloProbe.Silent) {
                                return Verdict.inconclusive(expected, a.describe());
                            }
                            return Verdict.pass(expected, a.describe());
                        }),
                CaseDef.define("tls/9.2/only-prohibited-cipher-suites-offered").rfc("9.2.2", "9.2.2")
                        .sends("a raw TLS 1.2 ClientHello offering only cipher suites of RFC 7540 Appendix A (CBC and static-RSA), ALPN h2")
                        // RFC9113 §9.2.2 (and RFC 7540 §9.2.2 alike) says SHOULD NOT, not MUST NOT: "A deployment
                        // of HTTP/2 over TLS 1.2 SHOULD NOT use any of the prohibited cipher suites listed in
                        // Appendix A." A SHOULD-level case, run with --strict.
                        .quote("A deployment of HTTP/2 over TLS 1.2 SHOULD NOT use any of the prohibited cipher suites listed in Appendix A. Endpoints MAY choose to generate a connection error (Section 5.4.1) of type INADEQUATE_SECURITY if one of the prohibited cipher suites is negotiated.")
                        .should()
                        .accepts("a TLS alert or a close, or a handshake that does not select h2: never h2 over a prohibited suite")
                        .errorCase()
                        .run(p -> {
                            if (!p.target().tls()) {
                                return skipH2c();
                            }
                            String expected = "no h2 over a prohibited suite (alert, close, or ALPN other than h2)";
                            ClientHelloProbe.Answer a = ClientHelloProbe.offer(p, ClientHelloProbe.TLS_1_2, PROHIBITED);
                            if (a instanceof ClientHelloProbe.ServerHello h) {
                                return "h2".equals(h.alpn()) ? Verdict.fail(expected, "it selected h2 over a prohibited suite: " + a.describe())
                                        : Verdict.pass(expected, "it did not select h2 over it: " + a.describe());
                            }
                            if (a instanceof ClientHelloProbe.Silent) {
                                return Verdict.inconclusive(expected, a.describe());
                            }
                            return Verdict.pass(expected, a.describe());
                        }),
                CaseDef.define("tls/9.2/alpn-h2-selected").rfc("3.3", "3.2")
                        .sends("a TLS handshake offering ALPN http/1.1 and h2, TLS 1.2 or 1.3")
                        .quote("The string \"h2\" identifies the protocol where HTTP/2 uses Transport Layer Security (TLS); see Section 3.3. This identifier is used in the TLS Application-Layer Protocol Negotiation (ALPN) extension [TLS-ALPN] field and in any place where HTTP/2 over TLS is identified.")
                        .accepts("h2 selected over TLS 1.2 or later, with a suite not on RFC 7540 Appendix A")
                        .run(p -> {
                            if (!p.target().tls()) {
                                return skipH2c();
                            }
                            String expected = "ALPN h2, TLS 1.2 or later, an allowed cipher suite";
                            try (SSLSocket tls = TlsSockets.open(p, List.of("TLSv1.3", "TLSv1.2"), List.of("http/1.1", "h2"))) {
                                String alpn = tls.getApplicationProtocol();
                                String protocol = tls.getSession().getProtocol();
                                String suite = tls.getSession().getCipherSuite();
                                String actual = "ALPN " + (alpn == null || alpn.isEmpty() ? "none" : alpn) + ", " + protocol + ", " + suite;
                                p.note("handshake: " + actual);
                                TlsSockets.endedWithoutHttp2(p, tls, "the case judges the handshake and closes");
                                boolean ok = "h2".equals(alpn) && !protocol.equals("TLSv1.1") && !protocol.equals("TLSv1")
                                        && !ForbiddenCipherSuites.isForbidden(suite);
                                return ok ? Verdict.pass(expected, actual) : Verdict.fail(expected, actual);
                            }
                        }));
    }

    static Verdict skipH2c() {
        return Verdict.skip("the target is h2c (http://): TLS cases need an https:// target");
    }
}
