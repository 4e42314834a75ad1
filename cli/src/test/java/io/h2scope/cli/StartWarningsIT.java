package io.h2scope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A normal start prints nothing that looks like an error: each command started for real from the packaged jar (its
 * own JVM, this build's JDK), its stderr kept, and no line of it a warning (JavaFX's "Unsupported JavaFX
 * configuration", BouncyCastle's "Ignoring unsupported entry", a JDK's "WARNING: A restricted method").
 */
class StartWarningsIT {

    private static final Path JAR = Path.of("target", "h2scope-cli.jar");
    private static final Pattern WARNING = Pattern.compile("(?i)warning|unsupported|ignoring");
    /** Long enough for a JVM start on a loaded machine; a start that takes longer fails the test, it does not hang. */
    private static final Duration START = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** A command started from the jar; stdout and stderr go to files. */
    private final class Started implements AutoCloseable {
        final Process process;
        final Path out;
        final Path err;

        Started(List<String> jvmOptions, String classPath, Map<String, String> environment, String... args) throws IOException {
            assertTrue(Files.isRegularFile(JAR), JAR.toAbsolutePath() + " is built by package");
            out = Files.createTempFile(dir, "out", ".txt");
            err = Files.createTempFile(dir, "err", ".txt");
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", classPath, H2scopeCommand.class.getName()));
            command.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().keySet().removeIf(k -> k.startsWith("H2SCOPE_") || k.equals("CLASSPATH") || k.equals("SSLKEYLOGFILE"));
            pb.environment().putAll(environment);
            process = pb.start();
        }

        Started(Map<String, String> environment, String... args) throws IOException {
            this(List.of(), JAR.toString(), environment, args);
        }

        /** The first match of {@code pattern} on stdout, waiting for it while the command runs. */
        Matcher awaitOut(Pattern pattern) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + START.toNanos();
            while (System.nanoTime() < deadline) {
                Matcher m = pattern.matcher(Files.readString(out, StandardCharsets.UTF_8));
                if (m.find()) {
                    return m;
                }
                assertTrue(process.isAlive(), "it ended: " + Files.readString(out) + Files.readString(err));
                Thread.sleep(100);
            }
            throw new AssertionError("no " + pattern + " within " + START.toSeconds() + " s: " + Files.readString(out)
                    + Files.readString(err));
        }

        int awaitExit() throws InterruptedException {
            assertTrue(process.waitFor(START.toSeconds(), TimeUnit.SECONDS), "it did not end");
            return process.exitValue();
        }

        /** Stderr, which must hold no warning. */
        String assertNoWarning() throws IOException {
            String text = Files.readString(err, StandardCharsets.UTF_8);
            assertTrue(text.lines().noneMatch(line -> WARNING.matcher(line).find()), "warnings on stderr:\n" + text);
            return text;
        }

        @Override
        public void close() throws InterruptedException {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void serveOverTlsWithAKeyLogAndAGetFromItWarnNot() throws Exception {
        Map<String, String> keyLog = Map.of("SSLKEYLOGFILE", dir.resolve("keys.log").toString()); // the BouncyCastle path
        try (Started serve = new Started(keyLog, "serve", "--tls", "--port", "0")) {
            String url = serve.awaitOut(Pattern.compile("listening on (https://\\S+)")).group(1);
            try (Started get = new Started(keyLog, "get", "--insecure", url)) {
                assertEquals(0, get.awaitExit());
                assertEquals("", get.assertNoWarning());
            }
            assertEquals("", serve.assertNoWarning());
        }
        assertTrue(Files.size(dir.resolve("keys.log")) > 0, "the key log was written: BouncyCastle's TLS ran");
    }

    @Test
    void conformInCleartextAndOverTlsWarnsNot() throws Exception {
        for (String[] args : new String[][] {{"conform", "--case", "http2/6.7"}, {"conform", "--tls", "--case", "http2/6.7"}}) {
            try (Started conform = new Started(Map.of(), args)) {
                assertEquals(0, conform.awaitExit(), String.join(" ", args));
                assertEquals("", conform.assertNoWarning());
            }
        }
    }

    @Test
    void aTlsProxyWithAKeyLogWarnsNot() throws Exception {
        try (Started proxy = new Started(Map.of(), "proxy", "--listen", "127.0.0.1:0", "--listen-tls", "--upstream",
                "https://127.0.0.1:1/", "--keylog", dir.resolve("keys.log").toString(), "--record", dir.resolve("r.jsonl").toString())) {
            proxy.awaitOut(Pattern.compile("listening on"));
            assertEquals("", proxy.assertNoWarning());
        }
    }

    @Test
    void theInspectorsWindowOpensWithoutJavaFxWarnings() throws Exception {
        URL monocle = ClassLoader.getSystemResource("com/sun/glass/ui/monocle/MonoclePlatformFactory.class");
        assertNotNull(monocle, "openjfx-monocle is a test dependency");
        String monocleJar = Path.of(URI.create(monocle.getPath().substring(0, monocle.getPath().indexOf("!/")))).toString();
        try (ServerSocket engine = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            // the window attaches to this "engine" once it is shown: then JavaFX has started
            engine.setSoTimeout((int) START.toMillis());
            try (Started inspect = new Started(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw"),
                    JAR + java.io.File.pathSeparator + monocleJar, Map.of(), "inspect", "--attach", "127.0.0.1:" + engine.getLocalPort());
                    Socket attached = engine.accept()) {
                assertTrue(inspect.process.isAlive());
                inspect.assertNoWarning();
            }
        }
    }
}
