package io.h2scope.conformance.peer;

import io.h2scope.engine.transport.tls.SslContexts;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS client context a connection of a run uses: one per thread, so that a connection resumes the TLS 1.3 session
 * of the previous one (RFC 8446 §2.2: no certificate, no signature to verify) instead of a full handshake.
 *
 * <p>Why per thread: the JDK (17) queues the tickets a server sends per host and port, but a full handshake puts its own
 * ticket-less session in their place when it ends, so connections opened side by side on one context mostly find no
 * ticket: 146 of 221 handshakes of a run against h2o were full ones. A thread's connections follow one another (a case,
 * its liveness probe, the next case), each after its predecessor has read its tickets: 70 of 195 (h2o sends two tickets
 * after a full handshake and none after a resumption, so a third is the least there can be).
 */
final class ClientContexts {

    /**
     * Resumption needs the newest session per target; the JDK's default (20,480, softly held) kept a session
     * for every connection of a long run: 17,400 sessions, 13 MiB of live heap, after the attack soak.
     */
    private static final int SESSION_CACHE_SIZE = 64;

    private static final ThreadLocal<SSLContext> INSECURE = ThreadLocal.withInitial(() -> make(SslContexts.insecureTrustManagers()));
    private static final ThreadLocal<SSLContext> VERIFYING = ThreadLocal.withInitial(() -> make(DefaultTrust.MANAGERS));

    private ClientContexts() {
    }

    /** This thread's context: trusting any certificate when {@code insecure}, else the JDK's trust store. */
    static SSLContext forThisThread(boolean insecure) {
        return (insecure ? INSECURE : VERIFYING).get();
    }

    private static SSLContext make(TrustManager[] trust) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust, null);
            context.getClientSessionContext().setSessionCacheSize(SESSION_CACHE_SIZE);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a TLS client context: " + e.getMessage(), e);
        }
    }

    /** The JDK's default trust managers, its trust store read once for all threads. */
    private static final class DefaultTrust {
        static final TrustManager[] MANAGERS = load();

        private static TrustManager[] load() {
            try {
                TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                factory.init((KeyStore) null);
                return factory.getTrustManagers();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot read the JDK's trust store: " + e.getMessage(), e);
            }
        }
    }
}
