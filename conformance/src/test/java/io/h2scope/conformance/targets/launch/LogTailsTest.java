package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailsTest {

    @TempDir
    Path logs;

    @Test
    void aLogWithOctetsThatAreNotUtf8IsShownWithReplacementCharacters() throws Exception {
        // what nginx's error log held when tomcat-like garbage reached it: the strict decoder hid the whole log
        Files.write(logs.resolve("error.log"), new byte[] {'b', 'a', 'd', ' ', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '\n'});
        Files.writeString(logs.resolve("server.pid"), "123");

        String shown = LogTails.of(logs, 100);

        assertEquals("--- error.log ---\nbad \uFFFD(\uFFFD\n", shown);
    }

    @Test
    void aLongLogGivesItsLastCharactersMarkedAsCut() throws Exception {
        Files.writeString(logs.resolve("a.log"), "x".repeat(10_000) + "the end\n", StandardCharsets.UTF_8);
        Files.writeString(logs.resolve("b.log"), "short\n", StandardCharsets.UTF_8);

        String shown = LogTails.of(logs, 20);

        assertEquals("--- a.log ---\n…" + "x".repeat(12) + "the end\n--- b.log ---\nshort\n", shown);
    }

    @Test
    void aMissingFolderIsSaidNotThrown() {
        String shown = LogTails.of(logs.resolve("absent"), 20);

        assertTrue(shown.startsWith("(logs in ") && shown.contains("absent") && shown.contains("unreadable"), shown);
    }
}
