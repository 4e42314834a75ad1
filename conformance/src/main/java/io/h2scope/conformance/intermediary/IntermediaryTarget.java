package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import io.h2scope.conformance.targets.launch.ConfigTemplate;
import io.h2scope.conformance.targets.launch.ContainerTarget;
import io.h2scope.conformance.targets.launch.ImagePlaceholders;
import io.h2scope.conformance.targets.launch.LogTails;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import io.h2scope.conformance.targets.launch.VersionQuery;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;

/**
 * A real intermediary from a {@code docker-targets/<name>/} folder holding a {@code proxy.properties}: its config
 * template rendered into a temp state directory with a free front port and the origin's port (and, for a TLS front, a
 * fresh self-signed certificate; toward a TLS origin, its CA's PEM), its command started in the foreground, ready once
 * the front accepts connections. {@code local:NAME} runs the installed Debian package as a process of this host,
 * {@code docker:NAME} the folder's Dockerfile image as a container in the host's network ({@link IntermediaryProcess}).
 * {@link #close()} stops what it started (never by name) and removes the state directory.
 */
public final class IntermediaryTarget implements AutoCloseable {

    /** How an intermediary runs: the installed package as a local process, or its folder's image as a container. */
    public enum Via {
        LOCAL, DOCKER;

        /** {@code local} or {@code docker}, as in {@code --target docker:NAME}. */
        public String prefix() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A parsed {@code --target}: how, and the folder's name. */
    public record Choice(Via via, String name) {
        @Override
        public String toString() {
            return via.prefix() + ":" + name;
        }
    }

    /** The file that makes a docker-targets folder an intermediary. */
    public static final String PROPERTIES = "proxy.properties";
    /** How long the front may take to accept its first connection. */
    public static final long READY_MILLIS = 20_000;
    private static final int LOG_TAIL = 4_000;

    private final Properties spec;
    private final Path dir;
    private final Path state;
    private final int frontPort;
    private final Via via;
    /** The PEM of a TLS origin's CA ({@code @ORIGIN_CA@}), "" toward an origin in clear. */
    private final String originCa;
    private IntermediaryProcess process;
    private SSLContext frontTls;

    private IntermediaryTarget(Properties spec, Path dir, int frontPort, String originCa, Via via) {
        this.spec = spec;
        this.via = via;
        this.originCa = originCa;
        this.dir = dir;
        this.state = dir.resolve("state");
        this.frontPort = frontPort;
    }

    /** The names of every intermediary folder (one holding a {@value #PROPERTIES}), sorted; empty without a root. */
    public static List<String> names() throws IOException {
        Path root = TargetRegistry.locateRoot().orElse(null);
        if (root == null) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(PROPERTIES))).map(d -> d.getFileName().toString())
                    .sorted().toList();
        }
    }

    /** The folder {@code docker-targets/<name>/}'s spec, or an IOException saying what is missing. */
    public static Properties spec(String name) throws IOException {
        Path root = TargetRegistry.locateRoot().orElseThrow(() -> new IOException("no " + TargetRegistry.FOLDER
                + "/ folder above " + Path.of("").toAbsolutePath() + " (set -D" + TargetRegistry.ROOT_PROPERTY + "=DIR)"));
        Path file = root.resolve(name).resolve(PROPERTIES);
        if (!Files.isRegularFile(file)) {
            throw new IOException("no intermediary " + name + ": " + file + " is missing");
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        p.setProperty("folder", root.resolve(name).toString());
        return p;
    }

    /**
     * Parses {@code local:NAME} or {@code docker:NAME} and checks that NAME is an intermediary folder.
     *
     * @throws IllegalArgumentException one line saying what is wrong and what is known
     */
    public static Choice choose(String target) throws IOException {
        String text = target == null ? "" : target.trim();
        int colon = text.indexOf(':');
        Via via = Stream.of(Via.values()).filter(v -> colon > 0 && text.substring(0, colon).equals(v.prefix())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--target takes local:NAME (the Debian package) or "
                        + "docker:NAME (its image as a container), e.g. docker:nginx-proxy; got '" + text + "'"));
        String name = text.substring(colon + 1);
        List<String> known = names();
        if (!known.isEmpty() && !known.contains(name)) { // none known: spec() says where docker-targets/ was looked for
            throw new IllegalArgumentException("no intermediary is called '" + name + "'; the known ones are "
                    + String.join(", ", known) + " (" + TargetRegistry.FOLDER + " folders with a " + PROPERTIES + ")");
        }
        return new Choice(via, name);
    }

    /** Why the intermediary cannot run here as a local process (its binary missing), or null when it can. */
    public static String unavailableReason(Properties spec) {
        Path binary = binary(spec);
        return Files.isExecutable(binary) ? null : binary + " is missing: apt-get install "
                + spec.getProperty("debian.package") + ", or use docker:" + spec.getProperty("name");
    }

    /**
     * How {@code --via auto} runs one folder once it has chosen {@code engine} for all: a folder without a Dockerfile
     * runs as a local process even where containers were chosen.
     */
    public static Via auto(Properties spec, Via engine) {
        return engine == Via.DOCKER && !Files.isRegularFile(Path.of(spec.getProperty("folder")).resolve("Dockerfile"))
                ? Via.LOCAL : engine;
    }

    /**
     * Why the intermediary cannot run here {@code via} that way, or null when it can: a local binary missing, or, for
     * a container, a folder without a Dockerfile or no Docker engine answering ({@code dockerAvailable}).
     */
    public static String unavailableReason(Properties spec, Via via, BooleanSupplier dockerAvailable) {
        if (via == Via.LOCAL) {
            return unavailableReason(spec);
        }
        Path dockerfile = Path.of(spec.getProperty("folder")).resolve("Dockerfile");
        if (!Files.isRegularFile(dockerfile)) {
            return "docker:" + spec.getProperty("name") + ": " + dockerfile + " is missing: write one (as the other "
                    + "intermediaries' folders have), or use local:" + spec.getProperty("name");
        }
        return dockerAvailable.getAsBoolean() ? null : "docker:" + spec.getProperty("name") + ": no Docker engine answers: "
                + "start one on this host (.ci/docker-engine start, then export DOCKER_HOST=unix:///run/h2scope-docker.sock) "
                + "or use local:" + spec.getProperty("name") + " for the Debian package";
    }

    /**
     * The installed binary's version, asked with the spec's {@code version.command} on this host (never fails: an
     * unknown version says why).
     */
    public static ServerVersion version(Properties spec) {
        return version(spec, Via.LOCAL, VersionQuery.onThisHost(Map.of()));
    }

    private static ServerVersion version(Properties spec, Via via, VersionQuery.Runner where) {
        VersionQuery query = new VersionQuery(List.of(spec.getProperty("version.command", "").trim().split("\\s+"))
                .stream().filter(t -> !t.isEmpty()).toList(), VersionQuery.DEFAULT_TIMEOUT);
        return query.ask(spec.getProperty("name"), placeholders(spec, via), where);
    }

    /**
     * {@code @BINARY@} and {@code @CLASSPATH@} where the intermediary runs: this host's binary and this JVM's class path,
     * or their places inside the folder's image ({@link ImagePlaceholders}; h2scope's classes only in an image whose
     * spec says {@code docker.context=classpath}).
     */
    static Map<ConfigTemplate.Key, String> placeholders(Properties spec, Via via) {
        return via == Via.DOCKER ? ImagePlaceholders.of(binary(spec), imageHasClassPath(spec))
                : Map.of(ConfigTemplate.Key.BINARY, binary(spec).toString(),
                        ConfigTemplate.Key.CLASSPATH, System.getProperty("java.class.path"));
    }

    /** The folder's image holds h2scope's classes (its build context gets them, as docker-targets/h2scope's does). */
    static boolean imageHasClassPath(Properties spec) {
        return "classpath".equals(spec.getProperty("docker.context", "").trim());
    }

    /** The spec's {@code local.binary}: {@code @JAVA@} is this JVM, for h2scope's own relay (h2scope-proxy). */
    private static Path binary(Properties spec) {
        return TargetSpec.binary(spec.getProperty("local.binary").trim());
    }

    /** The folder's {@code expected-failures.txt}: the intermediary's known FAILs (none when the file is missing). */
    public static ExpectedFailures expectedFailures(Properties spec) throws IOException {
        return ExpectedFailures.load(Path.of(spec.getProperty("folder")).resolve(ExpectedFailures.FILE_NAME));
    }

    /** The origin the intermediary's config forwards to. */
    public static OriginKind origin(Properties spec) {
        return OriginKind.valueOf(spec.getProperty("origin", "h1").toUpperCase(Locale.ROOT));
    }

    /** Starts the intermediary named {@code name} as a local process, forwarding to {@code origin}, and waits till ready. */
    public static IntermediaryTarget start(String name, Origin origin) throws IOException, InterruptedException {
        return start(new Choice(Via.LOCAL, name), origin);
    }

    /** Starts the intermediary {@code choice} names, the way it names, forwarding to {@code origin}; waits till ready. */
    public static IntermediaryTarget start(Choice choice, Origin origin) throws IOException, InterruptedException {
        return start(choice, origin.port(), origin.caFile());
    }

    /**
     * Toward 127.0.0.1:{@code originPort}; a TLS origin's CA PEM is {@code originCa} ({@code @ORIGIN_CA@} in the config
     * template), which the intermediary trusts to verify the origin.
     */
    private static IntermediaryTarget start(Choice choice, int originPort, Optional<Path> originCa)
            throws IOException, InterruptedException {
        String name = choice.name();
        Properties spec = spec(name);
        String unavailable = unavailableReason(spec, choice.via(), ContainerTarget::dockerAvailable);
        if (unavailable != null) {
            throw new IOException(unavailable);
        }
        Path dir = Files.createTempDirectory("h2scope-" + name + "-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        IntermediaryTarget proxy = new IntermediaryTarget(spec, dir, freePort(), originCa.map(Path::toString).orElse(""),
                choice.via());
        try {
            proxy.launch(originPort, originCa);
            return proxy;
        } catch (IOException | InterruptedException | RuntimeException e) {
            proxy.close();
            throw e;
        }
    }

    private void launch(int originPort, Optional<Path> originCa) throws IOException, InterruptedException {
        Files.createDirectories(state.resolve("logs"));
        Files.createDirectories(state.resolve("tmp"));
        if (Boolean.parseBoolean(spec.getProperty("front.tls", "false"))) {
            frontTls = certify();
        }
        Path folder = Path.of(spec.getProperty("folder"));
        String config = spec.getProperty("config", "").trim();
        if (!config.isEmpty()) { // h2scope's own relay takes its ports as arguments, no config file
            Files.writeString(state.resolve(config), render(Files.readString(folder.resolve(config)), originPort));
        }
        // split before rendering: a rendered value (a class path, a state directory) may hold a space
        List<String> command = Stream.of(spec.getProperty("local.command").trim().split("\\s+"))
                .map(token -> render(token, originPort)).toList();
        Path output = state.resolve("logs").resolve("output.log");
        process = via == Via.LOCAL ? HostIntermediaryProcess.start(command, environment(originPort), state, output)
                : ContainerIntermediaryProcess.start(spec.getProperty("name"), folder,
                        imageHasClassPath(spec) ? ImagePlaceholders.classPathContext() : Map.of(), command,
                        environment(originPort), dir, state, originCa, output);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_MILLIS);
        while (System.nanoTime() - deadline < 0) {
            if (!process.isAlive()) {
                throw new IOException(spec.getProperty("name") + " " + process.ended()
                        + " before its front was ready:\n" + log());
            }
            try (Socket s = new Socket()) {
                s.connect(front(), 500);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException(spec.getProperty("name") + "'s front 127.0.0.1:" + frontPort + " was not ready within "
                + READY_MILLIS + " ms:\n" + log());
    }

    /**
     * Gives a TLS front its certificate: self-signed for localhost and 127.0.0.1, written to the state directory as
     * {@code @CERT@} and {@code @KEY@}, and both in one file as {@code @CERT_AND_KEY@} (haproxy's {@code crt}); the
     * client in front trusts exactly it.
     */
    private SSLContext certify() throws IOException {
        try {
            KeyMaterial identity = SelfSignedCertificate.generate("localhost", "127.0.0.1");
            identity.writePem(state.resolve("cert.pem"), state.resolve("key.pem"));
            Files.write(state.resolve("cert-and-key.pem"), (Files.readString(state.resolve("cert.pem"))
                    + Files.readString(state.resolve("key.pem"))).getBytes(StandardCharsets.US_ASCII));
            return SslContexts.clientTrusting(List.of(identity.certificate()));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make the front's certificate: " + e.getMessage(), e);
        }
    }

    private String render(String template, int originPort) {
        // started by root (so always in a container), a server that drops its workers (apache2) runs them as
        // www-data; else as ourselves
        String user = via == Via.DOCKER || "root".equals(System.getProperty("user.name")) ? "www-data"
                : System.getProperty("user.name");
        Map<ConfigTemplate.Key, String> where = placeholders(spec, via);
        return template.replace("@STATE@", state.toString()).replace("@BIND@", "127.0.0.1")
                .replace("@CERT_AND_KEY@", state.resolve("cert-and-key.pem").toString())
                .replace("@CERT@", state.resolve("cert.pem").toString()).replace("@KEY@", state.resolve("key.pem").toString())
                .replace("@FRONT_PORT@", Integer.toString(frontPort))
                .replace("@ORIGIN_PORT@", Integer.toString(originPort)).replace("@ORIGIN_CA@", originCa)
                .replace("@USER@", user).replace("@GROUP@", user)
                .replace("@BINARY@", where.get(ConfigTemplate.Key.BINARY))
                .replace("@CLASSPATH@", where.getOrDefault(ConfigTemplate.Key.CLASSPATH, "@CLASSPATH@"));
    }

    /** The spec's {@code local.env.NAME=VALUE} entries, rendered: caddy keeps its data under HOME. */
    private Map<String, String> environment(int originPort) {
        Map<String, String> out = new java.util.TreeMap<>();
        spec.stringPropertyNames().stream().filter(k -> k.startsWith("local.env."))
                .forEach(k -> out.put(k.substring("local.env.".length()), render(spec.getProperty(k).trim(), originPort)));
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** This intermediary's version, asked where it runs: the installed package, or the image's. */
    public ServerVersion version() {
        return version(spec, via, process.versionRunner());
    }

    /** Where the client in front connects (h2c, or TLS when {@link #frontTls()} is not null). */
    public InetSocketAddress front() {
        return new InetSocketAddress("127.0.0.1", frontPort);
    }

    /** For a TLS front ({@code front.tls=true}): a client context trusting its certificate; null for h2c. */
    public SSLContext frontTls() {
        return frontTls;
    }

    public String description() {
        return spec.getProperty("description") + " (" + (process == null ? "not started" : process.description()) + ")";
    }

    /**
     * The process this started as this host sees it (its workers are its descendants); empty before it is launched, or
     * for a container whose process this host cannot see.
     */
    public Optional<ProcessHandle> process() {
        return Optional.ofNullable(process).flatMap(IntermediaryProcess::handle);
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** The tail of every log the intermediary wrote. */
    public String log() {
        return LogTails.of(state.resolve("logs"), LOG_TAIL);
    }

    /** How it runs: {@code local} or {@code docker}. */
    public Via via() {
        return via;
    }

    /** Stops the process or container this started and removes the state directory. */
    @Override
    public void close() {
        if (process != null) {
            process.stop();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temp dir left behind is harmless
        }
    }
}
