package io.h2scope.engine.transport.tls;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * Loads {@code --cert/--key}: a PEM certificate chain (leaf first) and an unencrypted PEM private key,
 * either PKCS#8 ("PRIVATE KEY") or the traditional PKCS#1 ("RSA PRIVATE KEY") / SEC1 ("EC PRIVATE KEY").
 */
public final class PemFiles {

    // JDK KeyFactory names by key algorithm, so the key works with the JDK's TLS (no BouncyCastle provider needed)
    private static final Map<String, String> KEY_FACTORIES = Map.of(
            PKCSObjectIdentifiers.rsaEncryption.getId(), "RSA",
            PKCSObjectIdentifiers.id_RSASSA_PSS.getId(), "RSASSA-PSS",
            X9ObjectIdentifiers.id_ecPublicKey.getId(), "EC",
            EdECObjectIdentifiers.id_Ed25519.getId(), "Ed25519",
            EdECObjectIdentifiers.id_Ed448.getId(), "Ed448");

    private PemFiles() {
    }

    public static KeyMaterial load(Path certificateFile, Path keyFile) throws IOException, GeneralSecurityException {
        List<X509Certificate> chain = readCertificates(certificateFile);
        PrivateKey key = readPrivateKey(keyFile);
        if (!matches(chain.get(0), key)) {
            throw new GeneralSecurityException("the key in " + keyFile + " does not belong to the certificate in "
                    + certificateFile);
        }
        return new KeyMaterial(key, chain);
    }

    public static List<X509Certificate> readCertificates(Path file) throws IOException, GeneralSecurityException {
        List<X509Certificate> chain = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
             PEMParser parser = new PEMParser(reader)) {
            Object item;
            while ((item = parser.readObject()) != null) {
                if (item instanceof X509CertificateHolder holder) {
                    chain.add(converter.getCertificate(holder));
                }
            }
        }
        if (chain.isEmpty()) {
            throw new GeneralSecurityException("no PEM CERTIFICATE block in " + file);
        }
        return chain;
    }

    public static PrivateKey readPrivateKey(Path file) throws IOException, GeneralSecurityException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
             PEMParser parser = new PEMParser(reader)) {
            Object item;
            while ((item = parser.readObject()) != null) {
                if (item instanceof PrivateKeyInfo info) {
                    return toJdkKey(info, file);           // PKCS#8
                }
                if (item instanceof PEMKeyPair pair) {
                    return toJdkKey(pair.getPrivateKeyInfo(), file); // PKCS#1 RSA or SEC1 EC
                }
                if (item instanceof PEMEncryptedKeyPair || item instanceof PKCS8EncryptedPrivateKeyInfo) {
                    throw new GeneralSecurityException(file + " holds an encrypted key; decrypt it first "
                            + "(openssl pkey -in key.pem -out plain.pem)");
                }
            }
        }
        throw new GeneralSecurityException("no PEM private key block in " + file);
    }

    private static PrivateKey toJdkKey(PrivateKeyInfo info, Path file) throws IOException, GeneralSecurityException {
        String oid = info.getPrivateKeyAlgorithm().getAlgorithm().getId();
        String algorithm = KEY_FACTORIES.get(oid);
        if (algorithm == null) {
            throw new GeneralSecurityException("unsupported key algorithm " + oid + " in " + file);
        }
        try {
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(info.getEncoded()));
        } catch (java.security.spec.InvalidKeySpecException e) {
            throw new GeneralSecurityException("unreadable " + algorithm + " key in " + file + ": " + e.getMessage(), e);
        }
    }

    /** Signs and verifies a probe, so a mismatched pair is reported at start-up, not as a handshake failure. */
    private static boolean matches(X509Certificate certificate, PrivateKey key) throws GeneralSecurityException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> null;
        };
        if (algorithm == null) {
            return true; // nothing cheap to check; the handshake will tell
        }
        byte[] probe = "h2scope key check".getBytes(StandardCharsets.US_ASCII);
        java.security.Signature signer = java.security.Signature.getInstance(algorithm);
        signer.initSign(key);
        signer.update(probe);
        byte[] signature = signer.sign();
        java.security.Signature verifier = java.security.Signature.getInstance(algorithm);
        verifier.initVerify(certificate.getPublicKey());
        verifier.update(probe);
        return verifier.verify(signature);
    }
}
