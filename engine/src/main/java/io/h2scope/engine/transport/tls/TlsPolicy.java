package io.h2scope.engine.transport.tls;

import io.h2scope.engine.start.StartRule;
import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.H2Errors;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * The TLS rules of HTTP/2 (RFC 9113 §9.2), applied to an {@link SSLEngine} before the handshake and
 * checked on the {@link SSLSession} after it.
 */
public final class TlsPolicy {

    /** ALPN id of HTTP/2 over TLS. */
    public static final String H2 = "h2";
    /** ALPN id of HTTP/1.1, selected only so the fallback can tell an HTTP/1.1 client what is wrong. */
    public static final String HTTP_1_1 = "http/1.1";
    // RFC9113 §9.2: "Implementations of HTTP/2 MUST use TLS version 1.2 [TLS12] or higher"
    public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    private TlsPolicy() {
    }

    /**
     * Server side: TLS 1.3 and 1.2 only, no prohibited TLS 1.2 suite, server's suite order, and ALPN
     * choosing "h2" when offered, else "http/1.1", else failing with no_application_protocol.
     */
    public static void configureServer(SSLEngine engine) {
        engine.setUseClientMode(false);
        SSLParameters params = restrictedParameters(engine);
        params.setUseCipherSuitesOrder(true);
        engine.setSSLParameters(params);
        engine.setHandshakeApplicationProtocolSelector((e, offered) -> selectApplicationProtocol(offered));
    }

    /**
     * Client side: the same protocol and suite limits, ALPN offering {@code applicationProtocols}
     * (normally just "h2"), and hostname verification unless {@code verifyHostname} is false.
     */
    public static void configureClient(SSLEngine engine, List<String> applicationProtocols, boolean verifyHostname) {
        engine.setUseClientMode(true);
        SSLParameters params = restrictedParameters(engine);
        params.setApplicationProtocols(applicationProtocols.toArray(String[]::new));
        serverName(engine.getPeerHost()).ifPresent(name -> params.setServerNames(List.of(name)));
        if (verifyHostname) {
            params.setEndpointIdentificationAlgorithm("HTTPS");
        }
        engine.setSSLParameters(params);
    }

    /**
     * The SNI host name for a host (RFC 6066 §3: a DNS name, never an IP literal), also for a name without a dot
     * such as {@code localhost}, which the JDK would leave out.
     */
    static Optional<SNIHostName> serverName(String host) {
        if (host == null || host.isEmpty() || host.indexOf(':') >= 0 || host.matches("[0-9.]+")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new SNIHostName(host));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not a valid DNS name: send none, as the JDK would
        }
    }

    /**
     * ALPN choice of the server. Null makes the JDK fail the handshake with no_application_protocol
     * (RFC 7301 §3.2) when the client offered protocols but none we speak.
     */
    static String selectApplicationProtocol(List<String> offered) {
        if (offered.contains(H2)) {
            return H2;
        }
        return offered.contains(HTTP_1_1) ? HTTP_1_1 : null;
    }

    /** The suites of {@code candidates} that HTTP/2 allows: TLS 1.3 suites and non-prohibited TLS 1.2 ones. */
    public static String[] allowedCipherSuites(String[] candidates) {
        // RFC9113 §9.2.2: "A deployment of HTTP/2 over TLS 1.2 SHOULD NOT use any of the prohibited cipher suites"
        return Arrays.stream(candidates).filter(s -> !ForbiddenCipherSuites.isForbidden(s)).toArray(String[]::new);
    }

    /**
     * Whether a negotiated session is good enough for HTTP/2. Empty if it is; else the connection
     * error the HTTP/2 core should send (GOAWAY INADEQUATE_SECURITY) before closing.
     */
    public static Optional<ConnectionError> check(SSLSession session) {
        String protocol = session.getProtocol();
        if (!PROTOCOLS.contains(protocol)) {
            // RFC9113 §9.2: "Implementations of HTTP/2 MUST use TLS version 1.2 [TLS12] or higher"
            return Optional.of(H2Errors.connection(StartRule.TLS_VERSION_TOO_OLD,
                    "negotiated " + protocol + "; HTTP/2 requires TLS 1.2 or later"));
        }
        String suite = session.getCipherSuite();
        if ("TLSv1.2".equals(protocol) && ForbiddenCipherSuites.isForbidden(suite)) {
            // RFC9113 §9.2.2: "Endpoints MAY choose to generate a connection error ... of type INADEQUATE_SECURITY if one of the prohibited cipher suites is negotiated"
            return Optional.of(H2Errors.connection(StartRule.TLS_CIPHER_SUITE_PROHIBITED,
                    "TLS 1.2 cipher suite " + suite + " is prohibited by RFC 9113 Appendix A"));
        }
        return Optional.empty();
    }

    private static SSLParameters restrictedParameters(SSLEngine engine) {
        SSLParameters params = engine.getSSLParameters();
        String[] protocols = Arrays.stream(engine.getSupportedProtocols()).filter(PROTOCOLS::contains)
                .toArray(String[]::new);
        if (protocols.length == 0) {
            throw new IllegalStateException("this JDK supports neither TLSv1.3 nor TLSv1.2");
        }
        // RFC9113 §9.2: "MUST use TLS version 1.2 [TLS12] or higher": older versions are not even enabled
        params.setProtocols(protocols);
        params.setCipherSuites(allowedCipherSuites(engine.getEnabledCipherSuites()));
        return params;
    }
}
