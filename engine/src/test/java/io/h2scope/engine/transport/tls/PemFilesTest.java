package io.h2scope.engine.transport.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import javax.net.ssl.X509KeyManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PemFilesTest {

    @TempDir
    Path dir;

    @Test
    void selfSignedCertificateNamesLoopbackAndIsShortLived() throws Exception {
        KeyMaterial material = SelfSignedCertificate.generate("h2.test");
        X509Certificate cert = material.certificate();
        Collection<List<?>> sans = cert.getSubjectAlternativeNames();
        List<Object> names = sans.stream().map(san -> (Object) san.get(1)).toList();
        assertTrue(names.containsAll(List.of("h2.test", "localhost", "127.0.0.1")), names.toString());
        assertEquals("EC", cert.getPublicKey().getAlgorithm());
        long days = (cert.getNotAfter().getTime() - System.currentTimeMillis()) / 86_400_000L;
        assertTrue(days <= SelfSignedCertificate.VALIDITY.toDays() && days >= 6);
        cert.verify(cert.getPublicKey()); // self-signed
        assertEquals(1, material.keyManagers().length);
    }

    @Test
    void roundTripsPkcs8Pem() throws Exception {
        KeyMaterial original = SelfSignedCertificate.generate();
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        original.writePem(cert, key);
        assertTrue(Files.readString(key).startsWith("-----BEGIN PRIVATE KEY-----"));

        KeyMaterial loaded = PemFiles.load(cert, key);
        assertEquals(original.certificate(), loaded.certificate());
        assertArrayEquals(original.privateKey().getEncoded(), loaded.privateKey().getEncoded());
    }

    @Test
    void loadsSec1EcKey() throws Exception {
        KeyMaterial original = SelfSignedCertificate.generate();
        Path cert = dir.resolve("ec-cert.pem");
        original.writePem(cert, dir.resolve("unused.pem"));
        Path key = writeSec1(dir.resolve("ec-key.pem"), original.privateKey());
        assertTrue(Files.readString(key).startsWith("-----BEGIN EC PRIVATE KEY-----"));
        assertEquals(original.certificate(), PemFiles.load(cert, key).certificate());
    }

    @Test
    void loadsPkcs1RsaKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(1024); // small only to keep the test fast; the loader does not care
        KeyPair pair = generator.generateKeyPair();
        X509Certificate certificate = selfSign(pair, "SHA256withRSA");
        Path cert = dir.resolve("rsa-cert.pem");
        try (Writer out = Files.newBufferedWriter(cert, StandardCharsets.US_ASCII); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(certificate);
        }
        Path key = writeTraditional(dir.resolve("rsa-key.pem"), pair.getPrivate());
        assertTrue(Files.readString(key).startsWith("-----BEGIN RSA PRIVATE KEY-----"));

        KeyMaterial loaded = PemFiles.load(cert, key);
        assertEquals("RSA", loaded.privateKey().getAlgorithm());
        X509KeyManager keys = (X509KeyManager) loaded.keyManagers()[0];
        assertTrue(keys.chooseServerAlias("RSA", null, null) != null, "the loaded pair is usable as a TLS identity");
    }

    @Test
    void rejectsAKeyThatDoesNotBelongToTheCertificate() throws Exception {
        Path cert = dir.resolve("a.pem");
        SelfSignedCertificate.generate().writePem(cert, dir.resolve("a-key.pem"));
        Path otherKey = dir.resolve("b-key.pem");
        SelfSignedCertificate.generate().writePem(dir.resolve("b.pem"), otherKey);
        GeneralSecurityException e = assertThrows(GeneralSecurityException.class, () -> PemFiles.load(cert, otherKey));
        assertTrue(e.getMessage().contains("does not belong"));
    }

    @Test
    void reportsAFileWithoutKey() throws Exception {
        Path cert = dir.resolve("c.pem");
        SelfSignedCertificate.generate().writePem(cert, dir.resolve("c-key.pem"));
        assertThrows(GeneralSecurityException.class, () -> PemFiles.readPrivateKey(cert));
    }

    private static Path writeTraditional(Path file, java.security.PrivateKey key) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(key); // BouncyCastle writes JCA RSA/EC keys as PKCS#1 / SEC1
        }
        return file;
    }

    /** SEC1 as OpenSSL writes it: ECPrivateKey with the named curve in its parameters field. */
    private static Path writeSec1(Path file, java.security.PrivateKey key) throws IOException {
        PrivateKeyInfo pkcs8 = PrivateKeyInfo.getInstance(key.getEncoded());
        org.bouncycastle.asn1.sec.ECPrivateKey inner = org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(pkcs8.parsePrivateKey());
        ASN1Encodable curve = pkcs8.getPrivateKeyAlgorithm().getParameters();
        var sec1 = new org.bouncycastle.asn1.sec.ECPrivateKey(256, inner.getKey(), curve);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(new PemObject("EC PRIVATE KEY", sec1.getEncoded()));
        }
        return file;
    }

    private static X509Certificate selfSign(KeyPair pair, String algorithm) throws Exception {
        X500Name name = new X500Name("CN=localhost");
        Instant now = Instant.now();
        var builder = new JcaX509v3CertificateBuilder(name, BigInteger.ONE, Date.from(now.minusSeconds(60)),
                Date.from(now.plusSeconds(3600)), name, pair.getPublic());
        return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder(algorithm).build(pair.getPrivate())));
    }
}
