package io.h2scope.engine.server;

import io.h2scope.engine.scripted.ScriptedPeer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.transport.FatalErrorPolicy;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An OutOfMemoryError on a selector loop: the server must not linger as a process that accepts and never answers.
 * With its defaults it writes one line naming the error and exits with status 70, so that a supervisor restarts it.
 * The server runs in a child JVM with a 48 MiB heap; a request makes its loop allocate until the heap is gone.
 */
@Timeout(120)
class FatalErrorTest {

    @Test
    void anOutOfMemoryErrorOnTheLoopEndsTheProcessWithOneLineAndStatus70() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path err = Files.createTempFile("fatal-error", ".log");
        Process child = new ProcessBuilder(java.toString(), "-Xmx48m", "-XX:-HeapDumpOnOutOfMemoryError", "-cp",
                System.getProperty("java.class.path"), FatalErrorChild.class.getName()).redirectError(err.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
            String first = out.readLine();
            assertTrue(first != null && first.startsWith("PORT "), "child did not start: " + first + " " + Files.readString(err));
            int port = Integer.parseInt(first.substring(5));
            try (ScriptedPeer client = ScriptedPeer.connect(port).greet()) {
                client.get(1, "/");
                assertTrue(client.await(f -> f instanceof io.h2scope.engine.frame.HeadersFrame) != null, "/ not answered");
                client.get(3, "/oom");
                assertTrue(child.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS), "the server did not exit: "
                        + Files.readString(err));
            }
            assertEquals(FatalErrorPolicy.EXIT_STATUS, child.exitValue(), Files.readString(err));
            List<String> lines = Files.readAllLines(err).stream().filter(l -> !l.isBlank()).toList();
            assertEquals(1, lines.size(), "one line, not a stack trace: " + lines);
            assertTrue(lines.get(0).startsWith("h2scope: h2scope-server-loop-0 met java.lang.OutOfMemoryError")
                    && lines.get(0).contains("exiting with status 70"), lines.get(0));
        } finally {
            child.destroyForcibly();
            Files.deleteIfExists(err);
        }
    }
}
