package io.h2scope.conformance.intermediary.origin;

import io.h2scope.conformance.client.RunCertificates;
import io.h2scope.engine.transport.tls.TlsPolicy;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import javax.net.ssl.SSLSocket;

/**
 * The TLS of an {@link OriginKind#H2} origin: a CA made for the run in a temp directory (its PEM is what the
 * intermediary must trust) and the certificate it issues for {@link #HOST}, as a client run's
 * {@link RunCertificates}; the server side of each handshake offers only ALPN h2 (RFC 9113 §3.2). Closed with its
 * origin, which removes the CA's folder.
 */
public final class OriginTls implements AutoCloseable {

    /** The name the origin's certificate is issued for: the intermediary verifies it (or sends it as SNI). */
    public static final String HOST = "localhost";

    private final RunCertificates certificates;

    private OriginTls(RunCertificates certificates) {
        this.certificates = certificates;
    }

    /** A fresh CA and the origin's certificate from it. */
    public static OriginTls create() throws IOException {
        return new OriginTls(RunCertificates.create(HOST, "h2scope-origin-ca-"));
    }

    /** The PEM file of the CA that issued the origin's certificate. */
    public Path caFile() {
        return certificates.caFile();
    }

    /** The server side of the handshake on an accepted connection, which must choose h2 by ALPN. */
    Socket accept(Socket plain) throws IOException {
        SSLSocket socket = certificates.serve(plain, parameters -> {
            parameters.setApplicationProtocols(new String[] {TlsPolicy.H2});
            parameters.setProtocols(TlsPolicy.PROTOCOLS.toArray(String[]::new));
        });
        if (!TlsPolicy.H2.equals(socket.getApplicationProtocol())) {
            socket.close();
            throw new IOException("the intermediary did not offer h2 by ALPN to the TLS origin (RFC 9113 §3.2)");
        }
        return socket;
    }

    /** Removes the CA's folder. */
    @Override
    public void close() {
        certificates.close();
    }
}
