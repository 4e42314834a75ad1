package io.h2scope.conformance.suite.tls;

import io.h2scope.conformance.peer.Peer;
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
            throw e;
        }
        return tls;
    }
}
