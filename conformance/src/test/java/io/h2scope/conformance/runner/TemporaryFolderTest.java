package io.h2scope.conformance.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run's folder is there while it is used and gone after close, or after the JVM's end when never closed. */
@Timeout(60)
class TemporaryFolderTest {

    /** A JVM that makes a folder in {@code args[0]}, says where, and waits to be stopped without closing it. */
    public static void main(String[] args) throws Exception {
        TemporaryFolder folder = TemporaryFolder.create(Path.of(args[0]), "left-open-");
        Files.writeString(folder.path().resolve("key.pem"), "secret");
        System.out.println(folder.path());
        System.out.flush();
        System.in.read(); // until the test stops this JVM
    }

    @Test
    void theFolderAndAllItHoldsAreGoneAfterClose(@TempDir Path parent) throws Exception {
        TemporaryFolder folder = TemporaryFolder.create(parent, "run-");
        Path inner = Files.createDirectories(folder.path().resolve("inner"));
        Files.writeString(inner.resolve("key.pem"), "secret");
        assertTrue(folder.path().getFileName().toString().startsWith("run-"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.path())));
        assertTrue(TemporaryFolder.open().contains(folder.path()), "the JVM's end would remove it");

        folder.close();
        assertFalse(Files.exists(folder.path()), "closed, yet still there");
        assertFalse(TemporaryFolder.open().contains(folder.path()), "closed, yet the JVM's end still holds it");
        folder.close(); // again: nothing to do, nothing thrown
    }

    @Test
    void aJvmStoppedWithoutClosingItsFolderRemovesIt(@TempDir Path parent) throws Exception {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        String classPath = Path.of(TemporaryFolder.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + File.pathSeparator
                + Path.of(TemporaryFolderTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process run = new ProcessBuilder(javaCommand, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classPath,
                TemporaryFolderTest.class.getName(), parent.toString()).redirectErrorStream(true).start();
        try {
            String said = new BufferedReader(new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8)).readLine();
            Path folder = Path.of(said.trim());
            assertTrue(Files.exists(folder.resolve("key.pem")), "the folder is there while its JVM runs: " + said);
            run.destroy(); // SIGTERM, as Ctrl-C or a stopped run gets it
            run.waitFor();
            assertFalse(Files.exists(folder), "the JVM ended and left " + folder);
        } finally {
            run.destroyForcibly();
        }
    }
}
