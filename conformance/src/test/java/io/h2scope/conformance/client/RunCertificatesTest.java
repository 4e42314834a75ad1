package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientsUnderTest;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.engine.proxy.tls.CertificateAuthority;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run's certificate authority lives as long as its runner: its key is on disk while the run is, and then gone. */
class RunCertificatesTest {

    @Test
    void closingTheRunnerRemovesItsAuthorityKeyAndAll() throws Exception {
        try (ClientUnderTest client = ClientsUnderTest.named("jdk")) {
            ClientSuiteRunner runner = new ClientSuiteRunner(client, Duration.ofSeconds(1));
            Path folder = runner.certificates().caFile().getParent();
            assertTrue(Files.exists(folder.resolve(CertificateAuthority.KEY_FILE)), "the key is there while the run is");
            runner.close();
            assertFalse(Files.exists(folder), "the closed run left " + folder);

            Path again = runner.certificates().caFile().getParent(); // a TLS case after close: a new authority
            assertNotEquals(folder, again);
            runner.close();
            assertFalse(Files.exists(again), "the closed run left " + again);
            runner.close(); // nothing left to remove: nothing thrown
        }
    }
}
