package io.h2scope.conformance.support;

import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import java.util.concurrent.TimeUnit;

/**
 * A real nghttpd (Debian nghttp2-server) on 127.0.0.1, h2c, started and stopped by a test. Tests
 * skip with a clear reason when the binary is missing.
 */
public final class Nghttpd implements AutoCloseable {

    public static final Path BINARY = Path.of("/usr/sbin/nghttpd");
    public static final String BODY = "hello from nghttpd, served to h2scope's conformance suite\n";

    private final Process process;
    private final int port;
    private final boolean tls;

    private Nghttpd(Process process, int port, boolean tls) {
        this.process = process;
        this.port = port;
        this.tls = tls;
    }

    public static boolean available() {
        return Files.isExecutable(BINARY);
    }

    /** Starts nghttpd --no-tls on a free loopback port with a one-file docroot; waits until it accepts. */
    public static Nghttpd startH2c(Path workDir) throws IOException, InterruptedException {
        Path docroot = docroot(workDir);
        int port = freePort();
        return start(workDir, port, false, BINARY.toString(), "--no-tls", "-a", "127.0.0.1", "-d", docroot.toString(),
                String.valueOf(port));
    }

    /**
     * Starts nghttpd over TLS (ALPN h2) with a fresh self-signed EC certificate for 127.0.0.1 written
     * by the engine's {@link SelfSignedCertificate}; clients must trust any certificate (--insecure).
     */
    public static Nghttpd startTls(Path workDir) throws IOException, InterruptedException, GeneralSecurityException {
        Path docroot = docroot(workDir);
        Path cert = workDir.resolve("cert.pem");
        Path key = workDir.resolve("key.pem");
        SelfSignedCertificate.generate("localhost", "127.0.0.1").writePem(cert, key);
        int port = freePort();
        return start(workDir, port, true, BINARY.toString(), "-a", "127.0.0.1", "-d", docroot.toString(),
                String.valueOf(port), key.toString(), cert.toString());
    }

    private static Path docroot(Path workDir) throws IOException {
        Path docroot = Files.createDirectories(workDir.resolve("www"));
        Files.writeString(docroot.resolve("index.html"), BODY, StandardCharsets.US_ASCII);
        return docroot;
    }

    private static Nghttpd start(Path workDir, int port, boolean tls, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(workDir.resolve(tls ? "nghttpd-tls.log" : "nghttpd.log").toFile())
                .start();
        Nghttpd server = new Nghttpd(process, port, tls);
        long deadline = System.nanoTime() + Await.PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("nghttpd exited with " + process.exitValue() + "; see " + workDir.resolve("nghttpd.log"));
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return server;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        server.close();
        throw new IOException("nghttpd did not accept connections on port " + port + " within " + Await.PATIENCE);
    }

    public Target target() {
        return new Target(tls ? "nghttpd-tls" : "nghttpd", "127.0.0.1", port, tls, "/");
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Kills the server (tests of the liveness probe use it to make the target die). */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
