package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SslContexts;
import io.h2scope.engine.transport.tls.TlsPolicy;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * The TLS of an {@link OriginKind#H2} origin: a CA made for the run in a temp directory (its PEM is what the
 * intermediary must trust), a certificate it issues for {@link #HOST}, and the server side of each handshake, which offers only ALPN h2 (RFC 9113 §3.2).
 */
public final class OriginTls {

    /** The name the origin's certificate is issued for: the intermediary verifies it (or sends it as SNI). */
    public static final String HOST = "localhost";

    private final Path caFile;
    private final SSLContext context;

    private OriginTls(Path caFile, SSLContext context) {
        this.caFile = caFile;
        this.context = context;
    }

    /** A fresh CA and the origin's certificate from it. */
    public static OriginTls create() throws IOException {
        try {
            CertificateAuthority ca = CertificateAuthority.loadOrCreate(Files.createTempDirectory("h2scope-origin-ca-"));
            KeyMaterial host = ca.issue(HOST);
            return new OriginTls(ca.certificateFile(), SslContexts.server(host));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make the TLS origin's CA and certificate: " + e.getMessage(), e);
        }
    }

    /** The PEM file of the CA that issued the origin's certificate. */
    public Path caFile() {
        return caFile;
    }

    /** The server side of the handshake on an accepted connection, which must choose h2 by ALPN. */
    Socket accept(Socket plain) throws IOException {
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(plain, null, plain.getPort(), true);
        socket.setUseClientMode(false);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setApplicationProtocols(new String[] {TlsPolicy.H2});
        parameters.setProtocols(TlsPolicy.PROTOCOLS.toArray(String[]::new));
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        if (!TlsPolicy.H2.equals(socket.getApplicationProtocol())) {
            socket.close();
            throw new IOException("the intermediary did not offer h2 by ALPN to the TLS origin (RFC 9113 §3.2)");
        }
        return socket;
    }
}
