package io.h2scope.engine.transport.tls.keylog;

import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SslContexts;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jsse.provider.BouncyCastleJsseProvider;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaTlsCrypto;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaTlsCryptoProvider;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Optional;

/**
 * SSL contexts that write their TLS secrets to a key log ({@code SSLKEYLOGFILE}) so Wireshark can
 * decrypt a capture. The JDK's own TLS cannot expose its secrets, so these contexts use BouncyCastle's
 * JSSE provider (bctls) with {@link KeyLoggingCrypto}; TLS 1.2 and 1.3, client and server. Each context has
 * its own provider instance: nothing is installed in the JVM's provider list.
 *
 * <p>A facade swaps its context in one line; without {@code SSLKEYLOGFILE} these are the plain JDK contexts
 * of {@link SslContexts}:
 * <pre>{@code
 * SSLContext context = KeyLoggingSslContexts.server(identity);   // was SslContexts.server(identity)
 * }</pre>
 */
public final class KeyLoggingSslContexts {

    /** BouncyCastle's JSSE logs every connection at INFO through java.util.logging; keep it to warnings
     *  unless the user set a level (held here so the setting is not garbage-collected). */
    private static final java.util.logging.Logger BC_JSSE_LOG = java.util.logging.Logger.getLogger("org.bouncycastle.jsse");

    /**
     * BouncyCastle's JSSE reads the JDK's {@code jdk.certpath.disabledAlgorithms} and {@code jdk.tls.disabledAlgorithms}
     * (it has no property of its own) and warns at its first context about each entry with a keyword it lacks
     * ({@code jdkCA}, {@code usage}, {@code denyAfter}): two SHA-1 rules on JDK 17, five on JDK 25. The certificate
     * ones hold anyway (a client context checks chains with the JDK's own trust manager; a server asks for no client
     * certificate); what does not hold is said in docs/TRACING.md. The JDK's lists are not changed, since its own TLS
     * uses them, so that one logger says only errors, unless the user set a level.
     */
    private static final java.util.logging.Logger BC_CONSTRAINTS_LOG =
            java.util.logging.Logger.getLogger("org.bouncycastle.jsse.provider.DisabledAlgorithmConstraints");

    static {
        if (BC_JSSE_LOG.getLevel() == null) {
            BC_JSSE_LOG.setLevel(java.util.logging.Level.WARNING);
        }
        if (BC_CONSTRAINTS_LOG.getLevel() == null) {
            BC_CONSTRAINTS_LOG.setLevel(java.util.logging.Level.SEVERE);
        }
    }

    private KeyLoggingSslContexts() {
    }

    /** A server context presenting {@code identity}, key-logging when {@code SSLKEYLOGFILE} is set. */
    public static SSLContext server(KeyMaterial identity) throws GeneralSecurityException {
        Optional<KeyLogWriter> log = KeyLogWriter.fromEnvironment();
        return log.isPresent() ? server(identity, log.get()) : SslContexts.server(identity);
    }

    /** A client context trusting {@code trustStore} (null: the JDK's CAs), key-logging when {@code SSLKEYLOGFILE} is set. */
    public static SSLContext client(KeyStore trustStore) throws GeneralSecurityException {
        Optional<KeyLogWriter> log = KeyLogWriter.fromEnvironment();
        return log.isPresent() ? client(trustStore, log.get()) : SslContexts.client(trustStore);
    }

    /** A key-logging server context. */
    public static SSLContext server(KeyMaterial identity, KeyLogWriter log) throws GeneralSecurityException {
        // BouncyCastle's own key manager: it picks credentials by the key types its TLS code asks for
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException("cannot create an empty key store", e);
        }
        char[] password = new char[0];
        store.setKeyEntry(KeyMaterial.ALIAS, identity.privateKey(), password,
                identity.chain().toArray(java.security.cert.X509Certificate[]::new));
        KeyManagerFactory factory = KeyManagerFactory.getInstance("PKIX", new BouncyCastleJsseProvider(false,
                new JcaTlsCryptoProvider().setProvider(new BouncyCastleProvider())));
        factory.init(store, password);
        return create(factory.getKeyManagers(), null, log);
    }

    /** A key-logging client context trusting {@code trustStore}, or the JDK's default CAs when null. */
    public static SSLContext client(KeyStore trustStore, KeyLogWriter log) throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trustStore);
        return create(null, factory.getTrustManagers(), log);
    }

    /** A key-logging context with the given managers (either may be null). */
    public static SSLContext create(KeyManager[] keyManagers, TrustManager[] trustManagers, KeyLogWriter log)
            throws GeneralSecurityException {
        // the no-argument BouncyCastleJsseProvider looks for a registered "BC" provider; hand it one instead
        JcaTlsCryptoProvider crypto = new KeyLoggingCryptoProvider(log).setProvider(new BouncyCastleProvider());
        SSLContext context = SSLContext.getInstance("TLS", new BouncyCastleJsseProvider(false, crypto));
        context.init(keyManagers, trustManagers, null);
        return context;
    }

    /** Makes {@link KeyLoggingCrypto} instead of the plain JCA crypto. */
    private static final class KeyLoggingCryptoProvider extends JcaTlsCryptoProvider {
        private final KeyLogWriter log;

        KeyLoggingCryptoProvider(KeyLogWriter log) {
            this.log = log;
        }

        @Override
        public JcaTlsCrypto create(SecureRandom keyRandom, SecureRandom nonceRandom) {
            return new KeyLoggingCrypto(getHelper(), getAltHelper(), keyRandom, nonceRandom, log);
        }
    }
}
