package io.h2scope.engine.proxy.tls;

import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.PemFiles;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The proxy's local certificate authority, for TLS inside CONNECT: made on first use in a directory
 * ({@code --ca DIR}: {@value #CERTIFICATE_FILE}, {@value #KEY_FILE} with mode 0600, and {@value #TRUST_FILE}
 * saying how to trust it), loaded from there afterwards, and signing a certificate per host name on demand.
 * A client trusts the proxy's certificates only once a person has chosen to trust this authority.
 */
public final class CertificateAuthority {

    public static final String CERTIFICATE_FILE = "h2scope-ca.pem";
    public static final String KEY_FILE = "h2scope-ca-key.pem";
    public static final String TRUST_FILE = "TRUST.txt";
    /** How long the authority itself is valid; the host certificates it signs last {@link SelfSignedCertificate#VALIDITY}. */
    public static final Duration VALIDITY = Duration.ofDays(365);

    private final KeyMaterial authority;
    private final Path certificateFile;
    private final boolean created;
    private final KeyPair hostKeys;
    private final Map<String, KeyMaterial> issued = new ConcurrentHashMap<>();

    private CertificateAuthority(KeyMaterial authority, Path certificateFile, boolean created) throws GeneralSecurityException {
        this.authority = authority;
        this.certificateFile = certificateFile;
        this.created = created;
        this.hostKeys = ecKeys(); // one key for every host certificate: signing is cheap, key generation is not
    }

    /** Loads the authority saved in {@code dir}, or makes one there (the directory is created if needed). */
    public static CertificateAuthority loadOrCreate(Path dir) throws IOException, GeneralSecurityException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) { // createDirectories' FileAlreadyExistsException named no reason
            throw new IOException(dir + " is a file, not a directory: give a directory for the CA (made if missing)");
        }
        Path certificate = dir.resolve(CERTIFICATE_FILE);
        Path key = dir.resolve(KEY_FILE);
        if (Files.exists(certificate) || Files.exists(key)) {
            if (!Files.exists(certificate) || !Files.exists(key)) {
                throw new IOException("the CA directory " + dir + " holds only one of " + CERTIFICATE_FILE + " and "
                        + KEY_FILE + "; restore the other, or empty the directory to make a new CA");
            }
            return new CertificateAuthority(PemFiles.load(certificate, key), certificate, false);
        }
        Files.createDirectories(dir);
        KeyMaterial made = create();
        createPrivate(key);
        made.writePem(certificate, key);
        Files.writeString(dir.resolve(TRUST_FILE), trustInstructions(certificate), StandardCharsets.UTF_8);
        return new CertificateAuthority(made, certificate, true);
    }

    /** The authority's certificate, which a client must trust. */
    public X509Certificate certificate() {
        return authority.certificate();
    }

    /** The PEM file of {@link #certificate()}. */
    public Path certificateFile() {
        return certificateFile;
    }

    /** Whether {@link #loadOrCreate} made the authority now (rather than loading it). */
    public boolean created() {
        return created;
    }

    /** A certificate for {@code host} (a DNS name or an IP literal), signed by this authority; made once per host. */
    public KeyMaterial issue(String host) {
        return issued.computeIfAbsent(host.toLowerCase(java.util.Locale.ROOT), this::sign);
    }

    private KeyMaterial sign(String host) {
        Instant now = Instant.now();
        X509Certificate ca = authority.certificate();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(ca, serial(),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(SelfSignedCertificate.VALIDITY)),
                new X500Name("CN=" + host.replaceAll("[,+=\"\\\\<>;]", "_") + ", O=h2scope proxy"), hostKeys.getPublic());
        try {
            builder.addExtension(Extension.subjectAlternativeName, false,
                    SelfSignedCertificate.subjectAltNames(new LinkedHashSet<>(List.of(host))));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    new JcaX509ExtensionUtils().createAuthorityKeyIdentifier(ca));
            X509Certificate leaf = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(authority.privateKey())));
            return new KeyMaterial(hostKeys.getPrivate(), List.of(leaf, ca));
        } catch (CertIOException | OperatorCreationException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a certificate for " + host + ": " + e.getMessage(), e);
        }
    }

    private static KeyMaterial create() throws GeneralSecurityException {
        KeyPair keys = ecKeys();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=h2scope proxy CA " + now.getEpochSecond() + ", O=h2scope local CA");
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, serial(),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(VALIDITY)), name, keys.getPublic());
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0)); // signs host certificates only
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                    new JcaX509ExtensionUtils().createSubjectKeyIdentifier(keys.getPublic()));
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate())));
            return new KeyMaterial(keys.getPrivate(), List.of(certificate));
        } catch (CertIOException | OperatorCreationException e) {
            throw new GeneralSecurityException("cannot build the proxy's CA certificate", e);
        }
    }

    private static KeyPair ecKeys() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static BigInteger serial() {
        return new BigInteger(64, new SecureRandom()).setBit(63);
    }

    /** An empty file only its owner may read, before the key is written into it. */
    private static void createPrivate(Path key) throws IOException {
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rw-------");
            Files.createFile(key, PosixFilePermissions.asFileAttribute(owner));
        } else {
            Files.createFile(key);
        }
    }

    private static String trustInstructions(Path certificate) {
        Path abs = certificate.toAbsolutePath();
        return """
                h2scope proxy: a local certificate authority

                This directory holds the CA that the h2scope proxy signs its per-host certificates with, for TLS
                inside CONNECT. Anyone with %s can impersonate any site to a client that trusts it:
                keep it private (it is mode 0600), trust it only where you inspect your own traffic, and delete the
                directory to revoke it.

                To trust it:
                  curl:             curl --cacert %s -x http://127.0.0.1:8080 https://HOST/
                  Java (HttpClient): keytool -importcert -noprompt -alias h2scope-proxy -file %s -keystore proxy-trust.p12 -storepass changeit
                                    then -Djavax.net.ssl.trustStore=proxy-trust.p12 -Djavax.net.ssl.trustStorePassword=changeit
                  Debian/Ubuntu:    sudo cp %s /usr/local/share/ca-certificates/h2scope-proxy.crt && sudo update-ca-certificates
                  Firefox/Chrome:   Settings, Certificates, Authorities, Import %s
                """.formatted(KEY_FILE, abs, abs, abs, abs);
    }
}
