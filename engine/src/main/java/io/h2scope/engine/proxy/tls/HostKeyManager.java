package io.h2scope.engine.proxy.tls;

import io.h2scope.engine.transport.tls.keylog.KeyLogWriter;
import io.h2scope.engine.transport.tls.keylog.KeyLoggingSslContexts;
import io.h2scope.engine.transport.tls.KeyMaterial;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Presents, on an intercepted TLS leg, a certificate for the host the client asked for: the SNI name, else the
 * host of the CONNECT request (the engine's peer host), signed by the {@link CertificateAuthority}. The alias is
 * the host name itself.
 */
public final class HostKeyManager extends X509ExtendedKeyManager {

    private final CertificateAuthority authority;

    private HostKeyManager(CertificateAuthority authority) {
        this.authority = authority;
    }

    /** The server context for intercepted legs; make its engines with {@code createSSLEngine(connectHost, port)}. */
    public static SSLContext context(CertificateAuthority authority, KeyLogWriter keyLog) throws GeneralSecurityException {
        KeyManager[] managers = {new HostKeyManager(authority)};
        if (keyLog != null) {
            return KeyLoggingSslContexts.create(managers, null, keyLog);
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(managers, null, null);
        return context;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        if (!"EC".equals(keyType) && !"ECDSA".equals(keyType)) {
            return null; // the certificates are EC P-256
        }
        String host = requestedName(engine.getHandshakeSession());
        return host != null ? host : engine.getPeerHost();
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return null; // the proxy has engines only
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return alias == null ? null : material(alias).chain().toArray(X509Certificate[]::new);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return alias == null ? null : material(alias).privateKey();
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    private KeyMaterial material(String host) {
        return authority.issue(host);
    }

    /** The SNI host name the client sent, or null. */
    public static String requestedName(SSLSession session) {
        if (session instanceof ExtendedSSLSession extended) {
            for (SNIServerName name : extended.getRequestedServerNames()) {
                if (name instanceof SNIHostName host) {
                    return host.getAsciiName();
                }
            }
        }
        return null;
    }
}
