package io.h2scope.engine.client;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;

/**
 * The TLS handshake failed because this client rejected the server's certificate: no chain to a
 * trusted CA (self-signed, or a CA missing from the trust store), or a name that does not match the
 * host asked for. The JDK's own wording ("PKIX path building failed") names neither the server nor the
 * reason a user can act on; this message does.
 */
public final class UntrustedCertificateException extends SSLHandshakeException {

    private UntrustedCertificateException(String message, Throwable cause) {
        super(message);
        initCause(cause);
    }

    /** The rejection found in {@code failure}'s causes, or empty when the handshake failed for another reason. */
    static Optional<UntrustedCertificateException> of(String authority, Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof CertPathBuilderException || t instanceof CertPathValidatorException) {
                return Optional.of(new UntrustedCertificateException("the certificate of " + authority
                        + " is not trusted (self-signed, or issued by a CA the trust store lacks)", failure));
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof CertificateException) {
                return Optional.of(new UntrustedCertificateException("the certificate of " + authority
                        + " is not valid for this host (" + t.getMessage() + ")", failure));
            }
        }
        return Optional.empty();
    }
}
