package io.h2scope.conformance.client;

import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.transport.tls.SslContexts;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * The TLS side of a client run: a certificate authority made for the run (the engine's, as the proxy's interception
 * uses) in a folder of its own, and the server certificate it issues for 127.0.0.1. The client under test trusts the
 * authority's PEM file ({@code {ca}}), so nothing is turned off to let it connect.
 */
public final class RunCertificates {

    /** The address the certificate names and the stage listens on. */
    static final String HOST = "127.0.0.1";

    private final Path caFile;
    private final SSLContext server;

    private RunCertificates(Path caFile, SSLContext server) {
        this.caFile = caFile;
        this.server = server;
    }

    /** A new authority in a new temporary folder, and the server's certificate for 127.0.0.1. */
    public static RunCertificates create() throws IOException {
        return create(HOST, "h2scope-client-ca-");
    }

    /**
     * A new authority in a new temporary folder named from {@code folderPrefix}, and a server certificate for
     * {@code host} (a name or an address).
     */
    public static RunCertificates create(String host, String folderPrefix) throws IOException {
        Path folder = Files.createTempDirectory(folderPrefix);
        try {
            CertificateAuthority ca = CertificateAuthority.loadOrCreate(folder);
            return new RunCertificates(ca.certificateFile(), SslContexts.server(ca.issue(host)));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make the run's certificate authority in " + folder + ": " + e.getMessage(), e);
        }
    }

    /** The authority's certificate (PEM), which the client is told to trust. */
    public Path caFile() {
        return caFile;
    }

    /**
     * {@code plain} as the server's side of TLS, its parameters set by {@code tune} (ALPN, versions, cipher suites),
     * the handshake done.
     */
    public SSLSocket serve(Socket plain, Consumer<SSLParameters> tune) throws IOException {
        SSLSocket tls = (SSLSocket) server.getSocketFactory().createSocket(plain, null, plain.getPort(), true);
        tls.setUseClientMode(false);
        SSLParameters parameters = tls.getSSLParameters();
        tune.accept(parameters);
        tls.setSSLParameters(parameters);
        tls.startHandshake();
        return tls;
    }
}
