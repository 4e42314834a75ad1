package io.h2scope.conformance.target;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * One folder of {@code docker-targets/}: a real server, described by its {@code target.properties}.
 *
 * <pre>
 * name=nginx                          # the folder's name
 * description=nginx 1.22.1 (Debian bookworm package nginx 1.22.1-9+deb12u11)
 * h2c.port=8080                       # ports inside the container; a local run picks free ones
 * tls.port=8443                       # either may be absent (no such listener)
 * config=nginx.conf                   # templates in the folder, rendered into the state directory
 * local.binary=/usr/sbin/nginx        # the local run is skipped when it is missing
 * local.command=@BINARY@ -c @STATE@/nginx.conf -p @STATE@
 * local.command.tls=...               # more local.command.* keys: one more process each
 * readiness=h2                        # h2: a GET / answered on every listener; tcp: ports accept
 * readiness.timeout=PT15S
 * </pre>
 * A command is split on spaces before the placeholders are filled, so paths with spaces stay one
 * argument; it runs in the foreground (the PID we hold is the server's) with no shell.
 *
 * @param folder      the folder (Dockerfile, templates, www/, expected-failures.txt)
 * @param h2cPort     container port of the h2c (prior knowledge) listener, 0 when there is none
 * @param tlsPort     container port of the TLS (ALPN h2) listener, 0 when there is none
 * @param configs     template file names, rendered under the same names
 * @param commands    one process each, tokens with placeholders
 */
public record TargetSpec(String name, String description, Path folder, int h2cPort, int tlsPort, List<String> configs,
        Path binary, List<List<String>> commands, Readiness readiness, Duration readinessTimeout) {

    public static final String PROPERTIES = "target.properties";
    public static final String EXPECTED_FAILURES = "expected-failures.txt";

    /** How a local run knows the server is up. */
    public enum Readiness {
        /** Every listener accepts a TCP connection. */
        TCP,
        /** Every listener answers an HTTP/2 GET of / with a response (TLS with ALPN h2 included). */
        H2
    }

    public TargetSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(binary, "binary");
        configs = List.copyOf(configs);
        commands = commands.stream().map(List::copyOf).toList();
        if (h2cPort == 0 && tlsPort == 0) {
            throw new IllegalArgumentException(name + ": neither h2c.port nor tls.port is set");
        }
        if (commands.isEmpty()) {
            throw new IllegalArgumentException(name + ": no local.command");
        }
    }

    /** Reads {@code folder/target.properties}. */
    public static TargetSpec load(Path folder) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(folder.resolve(PROPERTIES), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        String name = required(p, "name", folder);
        if (!name.equals(folder.getFileName().toString())) {
            throw new IOException(folder + ": name=" + name + " differs from the folder's name");
        }
        List<List<String>> commands = new ArrayList<>();
        p.stringPropertyNames().stream().filter(k -> k.equals("local.command") || k.startsWith("local.command."))
                .sorted().forEach(k -> commands.add(Arrays.asList(p.getProperty(k).trim().split("\\s+"))));
        try {
            return new TargetSpec(name, p.getProperty("description", name), folder,
                    port(p, "h2c.port"), port(p, "tls.port"),
                    Arrays.stream(p.getProperty("config", "").split("[,\\s]+")).filter(s -> !s.isEmpty()).toList(),
                    Path.of(required(p, "local.binary", folder)), commands,
                    Readiness.valueOf(p.getProperty("readiness", "tcp").trim().toUpperCase(java.util.Locale.ROOT)),
                    Duration.parse(p.getProperty("readiness.timeout", "PT15S").trim()));
        } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
            throw new IOException(folder.resolve(PROPERTIES) + ": " + e.getMessage(), e);
        }
    }

    public boolean hasH2c() {
        return h2cPort != 0;
    }

    public boolean hasTls() {
        return tlsPort != 0;
    }

    /** True when the local binary is installed (the local run needs it). */
    public boolean locallyAvailable() {
        return Files.isExecutable(binary);
    }

    /** Why a local run cannot happen, for a test's skip message. */
    public String unavailableReason() {
        return name + ": " + binary + " is not installed (" + description + ")";
    }

    public ExpectedFailures expectedFailures() throws IOException {
        return ExpectedFailures.load(folder.resolve(EXPECTED_FAILURES));
    }

    private static String required(Properties p, String key, Path folder) throws IOException {
        String value = p.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IOException(folder.resolve(PROPERTIES) + ": " + key + " is missing");
        }
        return value.trim();
    }

    private static int port(Properties p, String key) {
        String value = p.getProperty(key);
        if (value == null || value.isBlank()) {
            return 0;
        }
        int port = Integer.parseInt(value.trim());
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(key + " must be 1..65535, got " + port);
        }
        return port;
    }
}
