package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.targets.ServerVersion;

import java.io.IOException;
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
}
