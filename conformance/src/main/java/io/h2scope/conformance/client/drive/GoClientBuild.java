package io.h2scope.conformance.client.drive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

import static io.h2scope.conformance.client.drive.CommandTemplate.quote;

/**
 * Go's net/http client for the {@code go} profile: the bundled {@code h2scope-go-client.go}, built with the {@code go}
 * on PATH at first use into a cache directory kept across runs ({@code $XDG_CACHE_HOME/h2scope}, else {@code
 * ~/.cache/h2scope}), named by the source's hash so that a changed source is built anew. Standard library only, with
 * modules and the proxy off: the build needs no network.
 */
final class GoClientBuild {

    /** How long the first build may take (Debian's Go 1.19 builds it in a few seconds here, most of it the standard library). */
    static final Duration BUILD_TIMEOUT = Duration.ofMinutes(3);

    private static final String SOURCE = "h2scope-go-client.go";
    private static Path binary;
    private static String missing;

    private GoClientBuild() {
    }

    /** What stops the Go client from running here, and how to get it; empty once it is built. */
    static synchronized Optional<String> missing() {
        build();
        return Optional.ofNullable(missing);
    }

    /** The built program. @throws IllegalStateException saying why it could not be built */
    static synchronized Path binary() {
        build();
        if (binary == null) {
            throw new IllegalStateException(missing);
        }
        return binary;
    }

    private static void build() {
        if (binary != null || missing != null) {
            return;
        }
        if (Executables.find("go").isEmpty()) {
            missing = "go is not on PATH: install Debian's golang-go (apt-get install golang-go)";
            return;
        }
        try {
            byte[] source = source();
            Path root = cacheRoot();
            Path dir = root.resolve("go-client-" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(source), 0, 8));
            Path built = dir.resolve("h2scope-go-client");
            if (!Files.isExecutable(built)) {
                Files.createDirectories(dir);
                Files.write(dir.resolve(SOURCE), source);
                // built under a name of this process's own, then moved: two builds at once cannot half-write it
                Path partial = dir.resolve("h2scope-go-client." + ProcessHandle.current().pid());
                CommandRun.Result run = CommandRun.run("go build -o " + quote(partial.toString()) + " " + SOURCE,
                        BUILD_TIMEOUT, dir, Map.of("GO111MODULE", "off", "GOPROXY", "off", "GOFLAGS", "",
                                "GOCACHE", root.resolve("go-build").toString()));
                if (run.exitStatus() != 0) {
                    missing = "go build of the bundled Go client failed (exit status " + run.exitStatus() + " in " + dir
                            + "): " + run.output().lastLines(5);
                    return;
                }
                Files.move(partial, built, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            binary = built;
        } catch (IOException | NoSuchAlgorithmException e) {
            missing = "cannot build the bundled Go client: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            missing = "interrupted while building the bundled Go client";
        }
    }

    private static byte[] source() throws IOException {
        try (InputStream in = GoClientBuild.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IOException("the build lost the bundled " + SOURCE);
            }
            return in.readAllBytes();
        }
    }

    private static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("h2scope");
    }
}
