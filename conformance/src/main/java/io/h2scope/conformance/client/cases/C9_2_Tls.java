package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientNeverConnectedException;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.Http1Side;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.transport.tls.ForbiddenCipherSuites;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/** RFC 9113 §3.3 and §9.2: HTTP/2 over TLS only by ALPN, and the TLS 1.2 cipher suites. */
public final class C9_2_Tls implements ClientSection {

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** The permitted TLS 1.2 suite for the run's EC certificate (RFC 9113 §9.2.2 makes the RSA one mandatory). */
    private static final String PERMITTED_TLS12 = "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";

    @Override
    public String id() {
        return "client/9.2";
    }

    @Override
    public String title() {
        return "Use of TLS Features";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(alpnNotSelected(), prohibitedCipherSuite(), permittedCipherSuite());
    }

    static ClientCase alpnNotSelected() {
        return ClientCase.define("client/9.2/alpn-not-selected-no-h2").rfc("RFC 9113 §3.3")
                .quote("This only affects the establishment of HTTP/2 connections over cleartext TCP; HTTP/2 connections "
                        + "over TLS MUST use protocol negotiation in TLS [TLS-ALPN].")
                .does("completes TLS without selecting any protocol by ALPN, then reads what the client sends (an "
                        + "HTTP/1.1 request is answered with a 200)")
                .needs(ClientAbility.TLS).connect(Connect.TLS)
                .run(stage -> {
                    stage.start("/");
                    String expected = "no HTTP/2 preface on a connection where ALPN selected no h2";
                    SSLSocket tls;
                    try {
                        tls = stage.acceptTls(p -> p.setApplicationProtocols(new String[0]));
                    } catch (ClientNeverConnectedException e) {
                        throw e;
                    } catch (SSLException e) {
                        stage.outcomes();
                        return Verdict.pass(expected, "it ended the TLS handshake (" + e.getMessage() + ")");
                    }
                    try (tls) {
                        byte[] first = readUpTo(tls.getInputStream(), PREFACE.length);
                        String text = new String(first, StandardCharsets.ISO_8859_1);
                        if (Arrays.equals(first, PREFACE)) {
                            return Verdict.fail(expected, "it sent the HTTP/2 connection preface although ALPN selected "
                                    + "no protocol");
                        }
                        if (text.matches("[A-Z]+ \\S+ HTTP/1\\.[01].*(?s).*") || text.matches("[A-Z]+ \\S*")) {
                            Http1Side.write(tls.getOutputStream(), Http1Side.ordinaryResponse(true));
                            stage.outcomes();
                            return Verdict.pass(expected, "it spoke HTTP/1.1: " + text.lines().findFirst().orElse(text));
                        }
                        stage.outcomes();
                        return first.length == 0 ? Verdict.pass(expected, "it closed the connection without a preface")
                                : Verdict.pass(expected, "it sent no preface: " + Http1Side.printable(first));
                    }
                });
    }

    static ClientCase prohibitedCipherSuite() {
        return ClientCase.define("client/9.2.2/prohibited-cipher-suite").rfc("RFC 9113 §9.2.2")
                .quote("Endpoints MAY choose to generate a connection error (Section 5.4.1) of type INADEQUATE_SECURITY if "
                        + "one of the prohibited cipher suites is negotiated.")
                .does("negotiates TLS 1.2 and ALPN h2 with only prohibited (CBC) cipher suites on offer; the client may "
                        + "refuse with GOAWAY INADEQUATE_SECURITY or go on (SKIP when it offers none of them)")
                .needs(ClientAbility.TLS).connect(Connect.TLS)
                .run(stage -> {
                    String expected = "GOAWAY INADEQUATE_SECURITY, or the request carried on (the RFC allows both)";
                    Optional<Tls12Exchange> exchange = overTls12(stage, prohibitedSuites());
                    if (exchange.isEmpty()) {
                        return Verdict.skip("the client offered none of the prohibited TLS 1.2 cipher suites this server "
                                + "can pick (" + String.join(", ", prohibitedSuites()) + "), or no TLS 1.2");
                    }
                    ClientOutcome outcome = exchange.get().outcome();
                    Optional<GoAwayFrame> goaway = exchange.get().goaway();
                    if (goaway.isPresent() && goaway.get().errorCode() == ErrorCode.INADEQUATE_SECURITY.code()) {
                        return Verdict.pass(expected, "GOAWAY INADEQUATE_SECURITY; " + outcome);
                    }
                    boolean quietEnd = goaway.isEmpty() || goaway.get().errorCode() == ErrorCode.NO_ERROR.code();
                    if (quietEnd && (outcome.reportedSuccess() || !outcome.reported())) {
                        return Verdict.pass(expected, "it carried on: " + outcome);
                    }
                    return Verdict.lenient(expected, goaway.map(g -> "GOAWAY " + ErrorCode.nameOf(g.errorCode()))
                            .orElse("no GOAWAY") + "; " + outcome);
                });
    }

    /** The client's GOAWAY on {@code peer}, once it has finished: read from what came, and what is still to come. */
    private static Optional<GoAwayFrame> goawayOf(ScriptedPeer peer) {
        while (peer.next(java.time.Duration.ofMillis(100)) instanceof io.h2scope.engine.scripted.Incoming.FrameIn) {
            // drain: the client has reported, so whatever it sent is already on its way
        }
        return peer.received().stream().filter(f -> f instanceof GoAwayFrame).map(f -> (GoAwayFrame) f).findFirst();
    }

    static ClientCase permittedCipherSuite() {
        return ClientCase.define("client/9.2.2/permitted-tls12-suite-not-refused").rfc("RFC 9113 §9.2.2")
                .quote("Implementations MUST NOT generate this error in reaction to the negotiation of a cipher suite that "
                        + "is not prohibited.")
                .does("negotiates TLS 1.2 with " + PERMITTED_TLS12 + " (not prohibited) and ALPN h2, and answers the "
                        + "request (SKIP when the client does not offer it)")
                .needs(ClientAbility.TLS).connect(Connect.TLS)
                .run(stage -> {
                    String expected = "no INADEQUATE_SECURITY, the response delivered";
                    Optional<Tls12Exchange> exchange = overTls12(stage, List.of(PERMITTED_TLS12));
                    if (exchange.isEmpty()) {
                        return Verdict.skip("the client offered no TLS 1.2 with " + PERMITTED_TLS12);
                    }
                    ClientOutcome outcome = exchange.get().outcome();
                    boolean refused = exchange.get().goaway()
                            .map(g -> g.errorCode() == ErrorCode.INADEQUATE_SECURITY.code()).orElse(false);
                    if (refused) {
                        return Verdict.fail(expected, "GOAWAY INADEQUATE_SECURITY; " + outcome);
                    }
                    return outcome.reportedSuccess() || !outcome.reported() ? Verdict.pass(expected, outcome.toString())
                            : Verdict.lenient(expected, "no INADEQUATE_SECURITY, but the request failed: " + outcome);
                });
    }

    /** What the client did on a TLS 1.2 connection: what it reported, and its GOAWAY if it sent one. */
    private record Tls12Exchange(ClientOutcome outcome, Optional<GoAwayFrame> goaway) {
    }

    /**
     * The client's request over TLS 1.2 with only {@code suites} and ALPN h2, answered with an ordinary response;
     * empty when the handshake failed (the client offered none of them) or ALPN did not select h2.
     */
    private static Optional<Tls12Exchange> overTls12(ClientStage stage, List<String> suites) throws Exception {
        stage.start("/");
        SSLSocket tls;
        try {
            tls = stage.acceptTls(p -> {
                p.setProtocols(new String[] {"TLSv1.2"});
                p.setCipherSuites(suites.toArray(String[]::new));
                p.setApplicationProtocols(new String[] {"h2"});
            });
        } catch (ClientNeverConnectedException e) {
            throw e;
        } catch (SSLException e) {
            stage.outcomes();
            return Optional.empty();
        }
        if (!"h2".equals(tls.getApplicationProtocol())) {
            tls.close();
            stage.outcomes();
            return Optional.empty();
        }
        try (ScriptedPeer peer = stage.speak(tls)) {
            ServerPart.settings(peer);
            int stream = stage.request(peer);
            if (stream > 0) {
                ServerPart.respond(peer, stream);
            }
            ClientOutcome outcome = stage.outcomes().get(0);
            return Optional.of(new Tls12Exchange(outcome, goawayOf(peer)));
        }
    }

    /** The prohibited suites the JDK can serve with the run's EC certificate. */
    static List<String> prohibitedSuites() {
        try {
            return Arrays.stream(SSLContext.getDefault().getSupportedSSLParameters().getCipherSuites())
                    .filter(ForbiddenCipherSuites::isForbidden).filter(s -> s.startsWith("TLS_ECDHE_ECDSA_")).toList();
        } catch (java.security.NoSuchAlgorithmException e) {
            return List.of();
        }
    }

    private static byte[] readUpTo(InputStream in, int n) throws IOException {
        byte[] buffer = new byte[n];
        int got = 0;
        try {
            while (got < n) {
                int r = in.read(buffer, got, n - got);
                if (r < 0) {
                    break;
                }
                got += r;
            }
        } catch (SocketTimeoutException | SSLException e) {
            // what came is what it sent
        }
        return Arrays.copyOf(buffer, got);
    }
}
