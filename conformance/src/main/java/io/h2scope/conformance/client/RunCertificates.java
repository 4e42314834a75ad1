package io.h2scope.conformance.client;

import io.h2scope.conformance.runner.TemporaryFolder;
import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.transport.tls.SslContexts;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * The TLS side of a client run: a certificate authority made for the run (the engine's, as the proxy's interception
 * uses) in a folder of its own, and the server certificate it issues for 127.0.0.1. The client under test trusts the
 * authority's PEM file ({@code {ca}}), so nothing is turned off to let it connect. {@link #close()} removes the folder,
 * key and all (the JVM's end does, for one never closed): close it once no client can still read the PEM file.
 */
public final class RunCertificates implements AutoCloseable {

    /** The address the certificate names and the stage listens on. */
    static final String HOST = "127.0.0.1";

    private final TemporaryFolder folder;
    private final Path caFile;
    private final SSLContext server;

    private RunCertificates(TemporaryFolder folder, Path caFile, SSLContext server) {
        this.folder = folder;
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
        TemporaryFolder folder = TemporaryFolder.create(folderPrefix);
        try {
            CertificateAuthority ca = CertificateAuthority.loadOrCreate(folder.path());
            return new RunCertificates(folder, ca.certificateFile(), SslContexts.server(ca.issue(host)));
        } catch (GeneralSecurityException e) {
            folder.close();
            throw new IOException("cannot make the run's certificate authority in " + folder.path() + ": "
                    + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            folder.close();
            throw e;
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

    /** Removes the authority's folder: its key, its certificate and TRUST.txt. */
    @Override
    public void close() {
        folder.close();
    }
}
