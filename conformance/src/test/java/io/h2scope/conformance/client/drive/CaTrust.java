package io.h2scope.conformance.client.drive;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** A task's CA as the trust store and trust manager that OkHttp and Jetty are configured with. */
record CaTrust(KeyStore store, X509TrustManager manager, SSLContext context) {

    static CaTrust of(ClientTask task) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            List<X509Certificate> certificates = task.caCertificates();
            for (int i = 0; i < certificates.size(); i++) {
                store.setCertificateEntry("ca-" + i, certificates.get(i));
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            X509TrustManager manager = (X509TrustManager) factory.getTrustManagers()[0];
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new javax.net.ssl.TrustManager[] {manager}, null);
            return new CaTrust(store, manager, context);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot trust the CA in " + task.ca() + ": " + e.getMessage(), e);
        }
    }
}
