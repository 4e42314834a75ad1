package io.h2scope.conformance.suite.tls;

import io.h2scope.conformance.peer.NoHttp2;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.tls.SslContexts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/** A JDK TLS connection to the target with the protocols and ALPN list a case chooses, hand-shaken. */
final class TlsSockets {

    private TlsSockets() {
    }

    static SSLSocket open(Peer p, List<String> protocols, List<String> alpn) throws IOException, GeneralSecurityException {
        SSLContext context = p.options().insecure() ? SslContexts.insecureClient() : SSLContext.getDefault();
        Socket plain = new Socket();
        int timeout = (int) p.timeout().toMillis();
        plain.connect(new InetSocketAddress(p.target().host(), p.target().port()), timeout);
        SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, p.target().host(), p.target().port(), true);
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setProtocols(protocols.toArray(String[]::new));
        parameters.setApplicationProtocols(alpn.toArray(String[]::new));
        if (!p.options().insecure()) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        tls.setSSLParameters(parameters);
        tls.setSoTimeout(timeout * 2);
        try {
            tls.startHandshake();
        } catch (IOException e) {
            tls.close();
            p.include("a TLS connection the case opened, which never reached HTTP/2:", List.of(NoHttp2.failed(
                    Peer.freshConnectionId(), p.target().authority(), ConnectionOrigin.TLS,
                    "the TLS handshake failed: " + e.getMessage())));
            throw e;
        }
        return tls;
    }

    /** A hand-shaken connection the case ends without HTTP/2: its outcome goes into the case's exchange. */
    static void endedWithoutHttp2(Peer p, SSLSocket tls, String why) {
        p.include("a TLS connection the case opened, which never reached HTTP/2:", List.of(NoHttp2.tls(
                Peer.freshConnectionId(), Role.CLIENT, tls, why)));
    }
}
