package io.h2scope.conformance.client.faulty;

import io.h2scope.conformance.runner.TemporaryFolder;
import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.transport.tls.SslContexts;
import io.h2scope.engine.transport.tls.TlsPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;

/**
 * The relay's TLS for a case that connects over TLS: towards the case's server it is h2scope's client as the engine
 * makes it (TlsPolicy's protocols and suites, ALPN h2 and http/1.1, the host verified, the case's CA trusted), and
 * towards the client under test a server whose certificate for 127.0.0.1 comes from an authority of the relay's own
 * ({@link #authorityFile()}, which the client is told to trust instead of the case's). The client thus sees the
 * relay's TLS, and the server the client's TLS settings, so the relay can pass on or change what ALPN selected.
 */
final class RelayTls {

    /** How long either handshake may take: a bound, so that a stalled peer cannot hold the relay's accept loop. */
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(5);
    private static final String HOST = "127.0.0.1";
    /** What the client under test offers, as H2Client does: h2, then http/1.1 to be told what is wrong. */
    private static final List<String> OFFERED = List.of(TlsPolicy.H2, TlsPolicy.HTTP_1_1);

    private static RelayTls shared;

    private final Path authorityFile;
    private final SSLContext towardsClient;

    private RelayTls(Path authorityFile, SSLContext towardsClient) {
        this.authorityFile = authorityFile;
        this.towardsClient = towardsClient;
    }

    /**
     * One authority for every relay of the JVM: making a key pair is the slow part. Its folder goes at the JVM's end
     * ({@link TemporaryFolder}), when no relay can still need it.
     */
    static synchronized RelayTls shared() {
        if (shared == null) {
            try {
                CertificateAuthority ca = CertificateAuthority.loadOrCreate(TemporaryFolder.create("h2scope-relay-ca-").path());
                shared = new RelayTls(ca.certificateFile(), SslContexts.server(ca.issue(HOST)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make the relay's certificate authority", e);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot make the relay's certificate authority: " + e.getMessage(), e);
            }
        }
        return shared;
    }

    /** The PEM file of the relay's authority, for the client under test to trust. */
    Path authorityFile() {
        return authorityFile;
    }

    /** {@code plain} (connected to {@code server}) as a TLS client trusting {@code trusted}, the handshake done. */
    SSLSocket towardsServer(Socket plain, InetSocketAddress server, List<X509Certificate> trusted) throws IOException {
        try {
            SSLContext context = SslContexts.clientTrusting(trusted);
            SSLEngine policy = context.createSSLEngine(server.getHostString(), server.getPort());
            TlsPolicy.configureClient(policy, OFFERED, true);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, server.getHostString(),
                    server.getPort(), true);
            tls.setSSLParameters(policy.getSSLParameters());
            return handshake(tls);
        } catch (GeneralSecurityException e) {
            throw new IOException("the relay cannot trust the case's CA: " + e.getMessage(), e);
        }
    }

    /** {@code plain} as the TLS server the client under test connects to, selecting {@code alpn} ("" for none). */
    SSLSocket towardsClient(Socket plain, String alpn) throws IOException {
        SSLSocket tls = (SSLSocket) towardsClient.getSocketFactory().createSocket(plain, null, plain.getPort(), true);
        tls.setUseClientMode(false);
        tls.setHandshakeApplicationProtocolSelector((socket, offered) -> offered.contains(alpn) ? alpn : "");
        return handshake(tls);
    }

    private static SSLSocket handshake(SSLSocket tls) throws IOException {
        tls.setSoTimeout((int) HANDSHAKE_TIMEOUT.toMillis());
        tls.startHandshake();
        tls.setSoTimeout(0);
        return tls;
    }
}
