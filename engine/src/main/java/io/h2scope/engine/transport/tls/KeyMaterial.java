package io.h2scope.engine.transport.tls;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;

/**
 * A server identity: a private key and its certificate chain (leaf first), from
 * {@link SelfSignedCertificate} or {@link PemFiles}.
 */
public record KeyMaterial(PrivateKey privateKey, List<X509Certificate> chain) {

    /** The alias and password of the in-memory key store; it never touches disk. */
    public static final String ALIAS = "h2scope";
    private static final char[] STORE_PASSWORD = "h2scope".toCharArray();

    public KeyMaterial {
        Objects.requireNonNull(privateKey, "privateKey");
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate chain needs at least the leaf certificate");
        }
    }

    public X509Certificate certificate() {
        return chain.get(0);
    }

    /** An in-memory PKCS#12 key store holding this identity under {@link #ALIAS}. */
    public KeyStore keyStore() throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (IOException e) {
            throw new GeneralSecurityException("cannot create an empty key store", e);
        }
        store.setKeyEntry(ALIAS, privateKey, STORE_PASSWORD, chain.toArray(X509Certificate[]::new));
        return store;
    }

    public KeyManager[] keyManagers() throws GeneralSecurityException {
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(keyStore(), STORE_PASSWORD);
        return factory.getKeyManagers();
    }

    /** A trust store holding just the leaf certificate: what a client needs to trust a self-signed server. */
    public KeyStore trustStore() throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (IOException e) {
            throw new GeneralSecurityException("cannot create an empty key store", e);
        }
        store.setCertificateEntry(ALIAS, certificate());
        return store;
    }

    /** Writes the chain as PEM certificates and the key as unencrypted PKCS#8 PEM ("PRIVATE KEY"). */
    public void writePem(Path certificateFile, Path keyFile) throws IOException {
        try (Writer out = Files.newBufferedWriter(certificateFile, StandardCharsets.US_ASCII);
             JcaPEMWriter pem = new JcaPEMWriter(out)) {
            for (X509Certificate certificate : chain) {
                pem.writeObject(certificate);
            }
        }
        try (Writer out = Files.newBufferedWriter(keyFile, StandardCharsets.US_ASCII);
             JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(new JcaPKCS8Generator(privateKey, null));
        }
    }
}
