package io.h2scope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code java -jar cli/target/h2scope-cli.jar} runs on its own: the manifest finds target/lib/. Runs after package. */
class PackagedJarIT {

    private static final Path JAR = Path.of("target", "h2scope-cli.jar");

    private record Run(int exit, String out, String err) {
    }

    private static Run javaJar(String... args) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(JAR), JAR.toAbsolutePath() + " is built by package");
        Path out = Files.createTempFile("h2scope-jar", ".out");
        Path err = Files.createTempFile("h2scope-jar", ".err");
        try {
            List<String> command = new java.util.ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
            command.addAll(List.of(args));
            // a clean environment: no classpath from the test JVM, no tracing variables
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().keySet().removeIf(k -> k.startsWith("H2SCOPE_") || k.equals("CLASSPATH"));
            Process p = pb.start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "java -jar did not finish");
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void runsWithJavaJarAndPrintsTheVersion() throws Exception {
        Run r = javaJar("conform", "-V");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("h2scope 0."), r.out());
    }

    @Test
    void aRuntimeFailureIsOneLineOnStderrWithExitStatus1() throws Exception {
        Run r = javaJar("get", "http://nosuch.invalid/");
        assertEquals(1, r.exit(), r.err());
        assertEquals("h2scope get: cannot resolve host 'nosuch.invalid' (unknown host): check the host name\n", r.err());
    }
}
