package io.h2scope.engine.transport.tls;

import java.math.BigInteger;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throwaway server certificate for when none is given: EC P-256, SHA256withECDSA, valid from an hour
 * ago for {@link #VALIDITY}, with subject alternative names for the given hosts plus localhost,
 * 127.0.0.1 and ::1. Keys and signatures come from the JDK's own providers; BouncyCastle only builds
 * the certificate.
 */
public final class SelfSignedCertificate {

    /** Short on purpose: these certificates are for a test run or a debugging session. */
    public static final Duration VALIDITY = Duration.ofDays(7);
    private static final List<String> ALWAYS = List.of("localhost", "127.0.0.1", "::1");

    private SelfSignedCertificate() {
    }

    /** Generates a key pair and a certificate naming {@code hostnames} (DNS names or IP literals). */
    public static KeyMaterial generate(String... hostnames) throws GeneralSecurityException {
        Set<String> names = new LinkedHashSet<>(List.of(hostnames));
        names.addAll(ALWAYS);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair keys = generator.generateKeyPair();

        Instant now = Instant.now();
        X500Name subject = new X500Name("CN=" + names.iterator().next() + ", O=h2scope self-signed");
        BigInteger serial = new BigInteger(64, new SecureRandom());
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial,
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(VALIDITY)), subject, keys.getPublic());
        try {
            builder.addExtension(Extension.subjectAlternativeName, false, subjectAltNames(names));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            X509CertificateHolder holder = builder.build(
                    new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate()));
            return new KeyMaterial(keys.getPrivate(), List.of(new JcaX509CertificateConverter().getCertificate(holder)));
        } catch (CertIOException | OperatorCreationException e) {
            throw new GeneralSecurityException("cannot build self-signed certificate", e);
        }
    }

    /** Subject alternative names for {@code names}: an IP literal as an iPAddress, anything else as a dNSName. */
    public static GeneralNames subjectAltNames(Set<String> names) {
        List<GeneralName> result = new ArrayList<>();
        for (String name : names) {
            boolean ip = isIpLiteral(name);
            result.add(new GeneralName(ip ? GeneralName.iPAddress : GeneralName.dNSName, name));
        }
        return new GeneralNames(result.toArray(GeneralName[]::new));
    }

    private static boolean isIpLiteral(String name) {
        if (!name.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
            return false; // never resolve a host name here: only parse literals
        }
        try {
            InetAddress.getByName(name);
            return true;
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
