package io.h2scope.engine.trace.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileFailureTest {

    @TempDir
    Path dir;

    /** A NoSuchFileException's message is the path alone: H2SCOPE_TRACE_FILE=/proc/nope/t.jsonl said "(/proc/nope)". */
    @Test
    void aMissingFolderIsSaidInWordsWithItsPath() {
        Path missing = dir.resolve("nope").resolve("t.jsonl");
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(NoSuchFileException.class,
                () -> Files.newOutputStream(missing).close());

        assertEquals(missing + ": no such file or directory", FileFailure.reason(e));
    }

    @Test
    void aReasonTheFileSystemGivesIsKeptAndAnyOtherMessageIsAsItIs() throws IOException {
        IOException folder = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> Files.newOutputStream(dir).close());

        assertEquals(dir + ": Is a directory", FileFailure.reason(folder));
        assertEquals("Address already in use", FileFailure.reason(new java.net.BindException("Address already in use")));
        assertEquals("IOException", FileFailure.reason(new IOException()));
    }
}
