package io.h2scope.engine.interop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.opentest4j.TestAbortedException;

/** Real peers (curl, nghttp, h2load, node) run as processes: found on PATH or skipped with the reason, bounded in time. */
final class Peers {

    private Peers() {
    }

    /** The binary's path; skips the test (with why) when it is not installed. */
    static String require(String binary) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir, binary);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        String pkg = switch (binary) {
            case "nghttp", "h2load" -> "nghttp2-client";
            case "node" -> "nodejs";
            default -> binary;
        };
        throw new TestAbortedException(binary + " is not installed (apt-get install " + pkg + "): skipping this interop test");
    }

    /** What a finished process left. */
    record Result(int exit, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        String describe() {
            String text = out();
            return "exit " + exit + "\nstdout: " + (text.length() > 2000 ? text.substring(0, 2000) + "..." : text)
                    + "\nstderr: " + stderr;
        }
    }

    /** Runs {@code command}, killing it after {@code timeout}. */
    static Result run(List<String> command, Duration timeout) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        CompletableFuture<byte[]> out = drain(p.getInputStream());
        CompletableFuture<byte[]> err = drain(p.getErrorStream());
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
            throw new AssertionError(command.get(0) + " did not finish within " + timeout + ": " + String.join(" ", command));
        }
        return new Result(p.exitValue(), out.join(), new String(err.join(), StandardCharsets.UTF_8));
    }

    /** On a thread of its own: the common pool may have a single worker (2 cores), and both streams must flow. */
    private static CompletableFuture<byte[]> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                ByteArrayOutputStream buffer = new ByteArrayOutputStream();
                in.transferTo(buffer);
                return buffer.toByteArray();
            } catch (IOException e) {
                return new byte[0];
            }
        }, task -> {
            Thread t = new Thread(task, "peer-output");
            t.setDaemon(true);
            t.start();
        });
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Deterministic test bytes of a given size (not the /bytes pattern, so echo cannot pass by accident). */
    static byte[] body(int size) {
        byte[] b = new byte[size];
        new java.util.Random(size).nextBytes(b);
        return b;
    }

    static byte[] pattern(long n) {
        byte[] b = new byte[(int) n];
        for (int i = 0; i < n; i++) {
            b[i] = io.h2scope.engine.server.reference.ReferenceHandler.patternByte(i);
        }
        return b;
    }
}
