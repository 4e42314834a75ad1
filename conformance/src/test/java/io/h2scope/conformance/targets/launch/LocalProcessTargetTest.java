package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.targets.ServerVersion;

import java.io.IOException;
import java.util.List;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalProcessTargetTest {

    @TempDir
    Path work;

    @Test
    void aStateDirectoryTheWorkersCannotReachIsRefusedBeforeTheServerStarts() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root's servers drop their workers to www-data");
        TargetSpec nginx = TargetRegistry.locate().get("nginx");
        assumeTrue(nginx.locallyAvailable(), () -> nginx.unavailableReason() + " (apt-get install nginx)");
        Path closed = Files.createDirectory(work.resolve("closed"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));

        IOException e = assertThrows(IOException.class, () -> LocalProcessTarget.start(nginx, closed.resolve("state")));

        assertTrue(e.getMessage().contains(closed.toString()) && e.getMessage().contains("rwx------"), e.getMessage());
    }

    @Test
    void aLocalServerIsAskedItsVersionOnThisHostAndTheNoteComparesItWithItsExpectedFailures() throws Exception {
        TargetSpec nginx = TargetRegistry.locate().get("nginx");
        assumeTrue(nginx.locallyAvailable(), () -> nginx.unavailableReason() + " (apt-get install nginx)");
        try (LocalProcessTarget server = LocalProcessTarget.startInTempDir(nginx)) {
            ServerVersion version = server.version().orElseThrow();
            assertTrue(version.isKnown() && version.describe().matches("nginx \\d+\\.\\d+\\.\\d+.*"), version.toString());
            assertEquals("/usr/sbin/nginx -v", version.askedWith());
            assertEquals(nginx.expectedFailures().versionNote(version), version.expectedFailuresNote(),
                    "the note is the one the folder's expected-failures.txt gives for the version asked");
        }
    }

    @Test
    void h2oOverTlsLeavesNothingInTheSystemTempFolder() throws Exception {
        // h2o's neverbleed (its TLS key in a separate process) made /tmp/openssl-privsep.* on every start and left it
        TargetSpec h2o = TargetRegistry.locate().get("h2o");
        assumeTrue(h2o.locallyAvailable(), () -> h2o.unavailableReason() + " (apt-get install h2o)");
        List<Path> before = privsepFolders();
        try (LocalProcessTarget server = LocalProcessTarget.startInTempDir(h2o)) {
            assertTrue(server.tls().isPresent() && server.isAlive());
        }
        List<Path> added = privsepFolders().stream().filter(p -> !before.contains(p)).toList();
        assertTrue(added.isEmpty(), () -> "h2o left " + added);
    }

    private static List<Path> privsepFolders() throws IOException {
        try (var files = Files.list(Path.of("/tmp"))) {
            return files.filter(p -> p.getFileName().toString().startsWith("openssl-privsep.")).toList();
        }
    }

    @Test
    void aServerThatLostItsPortToAnotherProcessIsStartedAgainOnNewPortsAndNoOtherFailureIs() {
        // the logs of the servers here when the port found free was taken before they bound it
        for (String log : List.of("nginx: [emerg] bind() to 127.0.0.1:43697 failed (98: Address already in use)",
                "java.net.BindException: Address already in use", "(98)Address already in use: AH00072: make_sock")) {
            assertTrue(LocalProcessTarget.lostItsPort(new IOException("jetty9: process 1 exited with 254 before it "
                    + "was ready\n" + log)), log);
        }
        assertFalse(LocalProcessTarget.lostItsPort(new IOException("nginx: process 1 exited with 1 before it was ready\n"
                + "nginx: [emerg] unknown directive \"http3\"")));
        assertTrue(LocalProcessTarget.PORT_ATTEMPTS > 1);
    }
}
