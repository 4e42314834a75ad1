package io.h2scope.engine.trace;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.jsonl.RollingFile;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.keylog.KeyLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every file a trace writes is created readable by its owner only, whatever the umask (this JVM's is the
 * machine's, 022 on most): the recording, each file it rolls to, the TLS key log.
 */
class TraceFileModesTest {

    @TempDir
    Path dir;

    @Test
    void theRecordingAndItsRollsAreOwnerOnly() throws IOException {
        Path file = dir.resolve("trace.jsonl");
        try (RollingFile rolling = new RollingFile(file, 4096)) {
            byte[] line = ("x".repeat(999) + "\n").getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 12; i++) { // three files' worth: it rolls twice
                rolling.append(line);
                if (i > 4) {
                    assertOwnerOnly(file.resolveSibling("trace.jsonl.1"));
                }
                assertOwnerOnly(file);
            }
        }
    }

    @Test
    void theEnvironmentsRecorderIsOwnerOnly() throws Exception {
        Path file = dir.resolve("sub/env.jsonl");
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_FILE", file.toString()));
        TraceSink sink = TraceSinks.fromConfig(config, new RecordingLog(config), System.err);
        TracedExchange.run(sink, sink);
        // the writer's own thread writes the lines
        Await.until(() -> file.toFile().length() > 0, "the recording written");
        assertOwnerOnly(file);
    }

    @Test
    void theKeyLogIsOwnerOnly() throws IOException {
        Path file = dir.resolve("keys.log");
        try (KeyLogWriter keys = new KeyLogWriter(file, new PrintStream(PrintStream.nullOutputStream()))) {
            keys.log("CLIENT_RANDOM", new byte[32], new byte[48]);
        }
        assertOwnerOnly(file);
    }

    @Test
    void aFileThatExistsKeepsItsMode() throws IOException {
        Path file = dir.resolve("shared.jsonl");
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r-----")));
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1 << 20, System.err)) {
            TracedExchange.run(writer, writer);
        }
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    private static void assertOwnerOnly(Path file) throws IOException {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
    }
}
