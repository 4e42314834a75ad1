package io.h2scope.cli.serve;

import io.h2scope.engine.testsupport.Await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code h2scope serve --h2c --port 0} as a process of its own, as an operator runs it, for the tests of tracing it. */
public final class ServeProcess {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+/)");

    private ServeProcess() {
    }

    /** Started with {@code env} and {@code jvmOptions}, its standard output to {@code out}, its errors to {@code err}. */
    public static Process start(Map<String, String> env, List<String> jvmOptions, Path out, Path err) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.h2scope.cli.H2scopeCommand", "serve",
                "--h2c", "--port", "0"));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile());
        if (out.equals(err)) {
            pb.redirectErrorStream(true);
        } else {
            pb.redirectError(err.toFile());
        }
        pb.environment().putAll(env);
        return pb.start();
    }

    /** The base URL serve printed in {@code log}, once it did. */
    public static String awaitUrl(Path log, Process server) throws Exception {
        long deadline = System.nanoTime() + Await.PATIENCE.toNanos();
        while (System.nanoTime() < deadline && server.isAlive()) {
            if (Files.exists(log)) {
                Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
                if (m.find()) {
                    return m.group(1);
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("serve did not start: " + (Files.exists(log) ? Files.readString(log) : "no output"));
    }

    public static void stop(Process server) throws InterruptedException {
        server.destroy(); // SIGTERM: graceful shutdown
        assertTrue(server.waitFor(10, TimeUnit.SECONDS), "serve did not stop on SIGTERM");
    }

    public static boolean contains(Path file, String text) {
        try {
            return Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).contains(text);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
