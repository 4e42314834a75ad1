package io.h2scope.engine.proxy.tls;

import io.h2scope.engine.transport.tls.keylog.KeyLogWriter;
import io.h2scope.engine.transport.tls.keylog.KeyLoggingSslContexts;
import io.h2scope.engine.transport.FileProblems;
import io.h2scope.engine.transport.tls.PemFiles;
import io.h2scope.engine.transport.tls.SslContexts;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;

/**
 * How the proxy checks a TLS upstream's certificate (docs/PROXY.md): against the JDK's CAs and the host name, against
 * the PEM certificates of {@code caFile} instead, or not at all ({@code insecure}); the command line's
 * {@code --upstream-ca} and {@code --insecure} and the inspector's Proxy tab, validated here for both.
 *
 * @param caFile   PEM certificates to trust instead of the JDK's CAs, or null
 * @param insecure accept any certificate, for any name
 */
public record UpstreamTls(Path caFile, boolean insecure) {

    /**
     * @throws IllegalArgumentException when both are given (they contradict), or the file cannot be read
     */
    public UpstreamTls {
        if (caFile != null && insecure) {
            throw new IllegalArgumentException("an upstream CA file and insecure (accept any certificate) contradict"
                    + " each other; give one of them");
        }
        if (caFile != null) {
            FileProblems.toRead(caFile).ifPresent(problem -> {
                throw new IllegalArgumentException(problem);
            });
        }
    }

    /** Blank {@code caFile}: the JDK's CAs (or any certificate, when insecure). */
    public static UpstreamTls of(String caFile, boolean insecure) {
        String file = caFile == null ? "" : caFile.strip();
        return new UpstreamTls(file.isEmpty() ? null : FileProblems.path(file), insecure);
    }

    /**
     * The context for upstream legs; with {@code keys}, it logs their TLS secrets there.
     *
     * @throws GeneralSecurityException when the CA file holds no PEM certificate (the message names the file)
     */
    public SSLContext context(KeyLogWriter keys) throws IOException, GeneralSecurityException {
        if (insecure) {
            return keys != null ? KeyLoggingSslContexts.create(null, SslContexts.insecureTrustManagers(), keys)
                    : SslContexts.insecureClient();
        }
        KeyStore trust = null;
        if (caFile != null) {
            List<X509Certificate> certificates = PemFiles.readCertificates(caFile);
            trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            for (int i = 0; i < certificates.size(); i++) {
                trust.setCertificateEntry("upstream-ca-" + i, certificates.get(i));
            }
        }
        return keys != null ? KeyLoggingSslContexts.client(trust, keys) : SslContexts.client(trust);
    }
}
