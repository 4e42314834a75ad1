package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.expected.ExpectedFailures;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

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
 * local.requires=/usr/share/jetty9/start.jar   # more files the local run needs (skipped when missing)
 * local.env.HOME=@STATE@              # environment of the local processes (placeholders allowed)
 * readiness=h2                        # h2: a GET / answered on every listener; tcp: ports accept
 * readiness.timeout=PT15S
 * large.path=/1m.bin                  # a path whose body is larger than 16 KiB (Target.largePath)
 * www.generate=1m.bin:1048576 100m.bin:104857600   # files made in the state dir's www/ at start-up
 * docker.context=classpath            # the image's build context also gets h2scope's classes (classpath/)
 * version.command=@BINARY@ -v         # how the server tells its version, where it runs ({@link VersionQuery})
 * </pre>
 * {@code local.binary=@JAVA@} names the JVM running h2scope (h2scope's own server as a target).
 * A command is split on spaces before the placeholders are filled, so paths with spaces stay one
 * argument; it runs in the foreground (the PID we hold is the server's) with no shell.
 *
 * @param folder      the folder (Dockerfile, templates, www/, expected-failures.txt)
 * @param h2cPort     container port of the h2c (prior knowledge) listener, 0 when there is none
 * @param tlsPort     container port of the TLS (ALPN h2) listener, 0 when there is none
 * @param configs     template file names, rendered under the same names
 * @param commands    one process each, tokens with placeholders
 * @param requires    files besides the binary a local run needs (a jar, a script)
 * @param environment variables set for the local processes, values with placeholders
 * @param largePath   a path whose response body is larger than 16 KiB, or null when the config serves none
 * @param generated   file name in www/ to its size in octets, made at start-up (never committed)
 * @param dockerClassPath the image needs h2scope's own classes in its build context ({@code docker.context=classpath})
 * @param versionQuery how to ask the running server its version ({@code version.command}, {@code version.timeout})
 */
public record TargetSpec(String name, String description, Path folder, int h2cPort, int tlsPort, List<String> configs,
        Path binary, List<List<String>> commands, Readiness readiness, Duration readinessTimeout,
        List<Path> requires, Map<String, String> environment, String largePath, Map<String, Long> generated,
        boolean dockerClassPath, VersionQuery versionQuery) {

    public static final String PROPERTIES = "target.properties";

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
        Objects.requireNonNull(versionQuery, "versionQuery");
        configs = List.copyOf(configs);
        requires = List.copyOf(requires);
        environment = Map.copyOf(environment);
        generated = Collections.unmodifiableMap(new LinkedHashMap<>(generated));
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
                .sorted().forEach(k -> commands.add(tokens(p.getProperty(k))));
        try {
            return new TargetSpec(name, p.getProperty("description", name), folder,
                    port(p, "h2c.port"), port(p, "tls.port"),
                    Arrays.stream(p.getProperty("config", "").split("[,\\s]+")).filter(s -> !s.isEmpty()).toList(),
                    binary(required(p, "local.binary", folder)), commands,
                    Readiness.valueOf(p.getProperty("readiness", "tcp").trim().toUpperCase(java.util.Locale.ROOT)),
                    Duration.parse(p.getProperty("readiness.timeout", "PT15S").trim()),
                    words(p.getProperty("local.requires", "")).stream().map(Path::of).toList(),
                    environment(p), blankToNull(p.getProperty("large.path")), generated(p.getProperty("www.generate", "")),
                    "classpath".equals(p.getProperty("docker.context", "").trim()),
                    new VersionQuery(tokens(p.getProperty("version.command", "")),
                            Duration.parse(p.getProperty("version.timeout", VersionQuery.DEFAULT_TIMEOUT_TEXT).trim())));
        } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
            throw new IOException(folder.resolve(PROPERTIES) + ": " + e.getMessage(), e);
        }
    }

    /** The JVM running h2scope, for {@code local.binary=@JAVA@}. */
    static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** A {@code local.binary}: a path, or {@code @JAVA@} for the JVM running h2scope (servers and intermediaries). */
    public static Path binary(String value) {
        return value.equals("@JAVA@") ? currentJava() : Path.of(value);
    }

    private static List<String> words(String value) {
        return Arrays.stream(value.trim().split("[,\\s]+")).filter(s -> !s.isEmpty()).toList();
    }

    /** A command's tokens: split on white space only (a comma may be part of an argument). */
    private static List<String> tokens(String value) {
        return Arrays.stream(value.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static Map<String, String> environment(Properties p) {
        Map<String, String> out = new TreeMap<>();
        p.stringPropertyNames().stream().filter(k -> k.startsWith("local.env."))
                .forEach(k -> out.put(k.substring("local.env.".length()), p.getProperty(k).trim()));
        return out;
    }

    private static Map<String, Long> generated(String value) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String entry : words(value)) {
            int colon = entry.indexOf(':');
            String file = colon < 0 ? "" : entry.substring(0, colon);
            if (file.isEmpty() || file.contains("/") || file.startsWith(".")) {
                throw new IllegalArgumentException("www.generate wants NAME:OCTETS entries (a plain file name), got " + entry);
            }
            out.put(file, Long.parseLong(entry.substring(colon + 1)));
        }
        return out;
    }

    public boolean hasH2c() {
        return h2cPort != 0;
    }

    public boolean hasTls() {
        return tlsPort != 0;
    }

    /** True when the local binary is installed (the local run needs it). */
    public boolean locallyAvailable() {
        return Files.isExecutable(binary) && requires.stream().allMatch(Files::isRegularFile);
    }

    /** Why a local run cannot happen, for a test's skip message. */
    public String unavailableReason() {
        Path missing = Files.isExecutable(binary) ? requires.stream().filter(f -> !Files.isRegularFile(f)).findFirst().orElse(binary) : binary;
        return name + ": " + missing + " is not installed (" + description + ")";
    }

    /** The Debian package(s) a local run needs, from {@code debian.package} (for an install hint). */
    public String debianPackage() {
        try {
            Properties p = new Properties();
            try (Reader in = Files.newBufferedReader(folder.resolve(PROPERTIES), StandardCharsets.UTF_8)) {
                p.load(in);
            }
            return p.getProperty("debian.package", name).trim();
        } catch (IOException e) {
            return name;
        }
    }

    public ExpectedFailures expectedFailures() throws IOException {
        return ExpectedFailures.load(folder.resolve(ExpectedFailures.FILE_NAME));
    }

    /**
     * The case ids this server is known to FAIL on that listener, those that may FAIL ({@code ~}) included: a run
     * starts them first. Empty when the file is unreadable ({@link #askVersion} says so in the version's note).
     */
    public Set<String> knownFailures(boolean tls) {
        try {
            ExpectedFailures expected = expectedFailures();
            Set<String> ids = new TreeSet<>(expected.forListener(tls).keySet());
            ids.addAll(expected.optionalFor(tls));
            return ids;
        } catch (IOException e) {
            return Set.of();
        }
    }

    /**
     * Asks the running server its version ({@link #versionQuery}) where {@code runner} runs commands, with the note
     * this folder's expected-failures.txt gives for it (written for another version). Never fails: what goes wrong
     * is said in the version or the note.
     */
    public ServerVersion askVersion(Map<ConfigTemplate.Key, String> values, VersionQuery.Runner runner) {
        ServerVersion tested = versionQuery.ask(name, values, runner);
        try {
            return tested.withNote(expectedFailures().versionNote(tested));
        } catch (IOException e) {
            return tested.withNote(java.util.Optional.of(ExpectedFailures.FILE_NAME + " is unreadable: " + e.getMessage()));
        }
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
