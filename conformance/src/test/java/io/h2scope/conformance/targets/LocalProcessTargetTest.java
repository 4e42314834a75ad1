package io.h2scope.conformance.targets;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
}
