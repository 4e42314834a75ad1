package io.h2scope.engine.transport.tls;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * {@link SSLContext}s for the server and the client. Protocol, suite and ALPN rules are applied per
 * engine by {@link TlsPolicy} (via {@link TlsLayer#server}/{@link TlsLayer#client}).
 */
public final class SslContexts {

    private SslContexts() {
    }

    /** A server context presenting {@code identity}. */
    public static SSLContext server(KeyMaterial identity) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(identity.keyManagers(), null, null);
        return context;
    }

    /** A client context trusting {@code trustStore}, or the JDK's default CAs when null. */
    public static SSLContext client(KeyStore trustStore) throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trustStore);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }

    /**
     * A client context that accepts any certificate, for {@code --insecure} only: it gives up the
     * protection against an active attacker. Combine with {@code verifyHostname=false}.
     */
    public static SSLContext insecureClient() throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, insecureTrustManagers(), null);
        return context;
    }

    /** The trust managers of {@link #insecureClient()}, for a context made otherwise (e.g. key-logging). */
    public static TrustManager[] insecureTrustManagers() {
        return new TrustManager[] {new TrustEverything()};
    }

    /** For tests: a context whose trust store is exactly {@code certificates}. */
    public static SSLContext clientTrusting(List<X509Certificate> certificates) throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException(e);
        }
        for (int i = 0; i < certificates.size(); i++) {
            store.setCertificateEntry("trusted-" + i, certificates.get(i));
        }
        return client(store);
    }

    /** Accepts every chain; explicitly requested by {@link #insecureClient()} only. */
    private static final class TrustEverything extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, java.net.Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, java.net.Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
