package io.h2scope.engine.proxy.tls;

import io.h2scope.engine.transport.tls.KeyMaterial;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The proxy's CA: made once and kept, its key private, and host certificates that chain to it. */
class CertificateAuthorityTest {

    @TempDir
    Path dir;

    @Test
    void madeOnFirstUseThenLoaded() throws Exception {
        CertificateAuthority made = CertificateAuthority.loadOrCreate(dir);
        assertTrue(made.created());
        assertEquals("rw-------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve(CertificateAuthority.KEY_FILE))));
        assertTrue(Files.readString(dir.resolve(CertificateAuthority.TRUST_FILE)).contains(made.certificateFile()
                .toAbsolutePath().toString()));
        CertificateAuthority loaded = CertificateAuthority.loadOrCreate(dir);
        assertFalse(loaded.created());
        assertEquals(made.certificate(), loaded.certificate());
    }

    @Test
    void aHostCertificateNamesTheHostAndIsSignedByTheAuthority() throws Exception {
        CertificateAuthority ca = CertificateAuthority.loadOrCreate(dir);
        KeyMaterial issued = ca.issue("Example.Test");
        X509Certificate leaf = issued.certificate();
        leaf.verify(ca.certificate().getPublicKey());
        assertEquals(List.of(List.of(2, "example.test")), leaf.getSubjectAlternativeNames().stream()
                .map(n -> List.copyOf(n)).toList());
        assertEquals(-1, leaf.getBasicConstraints(), "not a CA");
        assertEquals(ca.certificate(), issued.chain().get(1));
        assertTrue(ca.issue("example.test") == issued, "made once per host");
        X509Certificate ip = ca.issue("127.0.0.1").certificate();
        assertEquals(7, ip.getSubjectAlternativeNames().iterator().next().get(0), "an IP literal is an iPAddress name");
    }

    @Test
    void aDirectoryWithHalfACaIsRefusedWithWhatToDo() throws Exception {
        Files.writeString(dir.resolve(CertificateAuthority.CERTIFICATE_FILE), "x");
        IOException e = assertThrows(IOException.class, () -> CertificateAuthority.loadOrCreate(dir));
        assertEquals("the CA directory " + dir + " holds only one of h2scope-ca.pem and h2scope-ca-key.pem; restore"
                + " the other, or empty the directory to make a new CA", e.getMessage());
    }
}
