package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A {@code docker-targets/<name>/} server run as a local process from the installed (Debian)
 * package: its config templates are rendered into a state directory with free 127.0.0.1 ports and
 * a fresh self-signed certificate, its command started in the foreground, and {@link #start} returns
 * once every listener is ready. {@link #close()} stops it by the PIDs it started (SIGTERM, then
 * SIGKILL after 5 s), never by name. Its output and logs stay in {@code stateDir/logs}.
 */
public final class LocalProcessTarget implements RunningTarget {

    private static final int LOG_TAIL = 8_000;
    /** Password of the {@code @KEYSTORE@} file. */
    public static final String KEYSTORE_PASSWORD = "changeit";

    private final TargetSpec spec;
    private final Path state;
    private final Optional<Target> h2c;
    private final Optional<Target> tls;
    private final List<Process> processes = new ArrayList<>();
    /** A state directory this target made itself and removes on close, or null. */
    private Path ownedState;
    /** Closes this target if the JVM exits first (Ctrl-C), once a process is started; null before and after. */
    private ExitHook exitHook;
    /** The placeholders' values for this run (the version query fills its command from them too). */
    private Map<ConfigTemplate.Key, String> values = Map.of();
    private ServerVersion version;

    private LocalProcessTarget(TargetSpec spec, Path state, int h2cPort, int tlsPort) {
        this.spec = spec;
        this.state = state;
        this.h2c = h2cPort == 0 ? Optional.empty() : Optional.of(new Target(spec.name(), "127.0.0.1", h2cPort, false, "/", spec.largePath()));
        this.tls = tlsPort == 0 ? Optional.empty() : Optional.of(new Target(spec.name() + "-tls", "127.0.0.1", tlsPort, true, "/", spec.largePath()));
    }

    /**
     * Renders the configs into {@code stateDir} (which must be empty or absent, but for files the
     * caller put in {@code stateDir/www/} beforehand: they are served beside the folder's www/ files),
     * starts the server and waits for readiness. Workers that drop to www-data must be able to walk
     * down to {@code stateDir}: a parent made by {@code Files.createTempDirectory} is 0700.
     *
     * @throws IOException when the binary is missing, a process exits early (with its log) or the
     *         server is not ready within the spec's readiness timeout
     */
    public static LocalProcessTarget start(TargetSpec spec, Path stateDir) throws IOException, InterruptedException {
        if (!spec.locallyAvailable()) {
            throw new IOException(spec.unavailableReason());
        }
        for (int attempt = 1; ; attempt++) {
            LocalProcessTarget target = new LocalProcessTarget(spec, stateDir.toAbsolutePath(),
                    spec.hasH2c() ? freePort() : 0, spec.hasTls() ? freePort() : 0);
            try {
                target.values = target.prepareState();
                target.launch();
                target.awaitReady();
                return target;
            } catch (IOException e) {
                target.close();
                if (attempt < PORT_ATTEMPTS && lostItsPort(e)) {
                    continue; // the rendered state is written again over the same files
                }
                throw e;
            } catch (InterruptedException | RuntimeException e) {
                target.close();
                throw e;
            }
        }
    }

    /**
     * How often a start is tried with new ports: a port found free is closed again before the server binds it, and
     * on a busy machine another process may take it in between.
     */
    static final int PORT_ATTEMPTS = 3;

    /** The server said (in the log the exception carries) that its port was taken: every server here says it so. */
    static boolean lostItsPort(IOException e) {
        return e.getMessage() != null && e.getMessage().contains("Address already in use");
    }

    /**
     * {@link #start} in a fresh directory under the system's temp dir, removed again by {@link #close()}
     * (the directory is opened to 0755 so that workers dropped to www-data reach it).
     */
    public static LocalProcessTarget startInTempDir(TargetSpec spec) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("h2scope-" + spec.name() + "-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        try {
            LocalProcessTarget target = start(spec, dir.resolve("state"));
            target.ownedState = dir;
            return target;
        } catch (IOException | InterruptedException | RuntimeException e) {
            deleteTree(dir);
            throw e;
        }
    }

    @Override
    public String description() {
        return spec.name() + " as a local process (pid " + pids().stream().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(", ")) + ", state in " + state + ")";
    }

    public TargetSpec spec() {
        return spec;
    }

    @Override
    public Optional<Target> h2c() {
        return h2c;
    }

    @Override
    public Optional<Target> tls() {
        return tls;
    }

    @Override
    public Set<String> knownFailures(boolean overTls) {
        return spec.knownFailures(overTls);
    }

    /** Asked on this host, with the processes' environment: the installed package is what runs. */
    @Override
    public synchronized Optional<ServerVersion> version() {
        if (version == null) {
            version = spec.askVersion(values, VersionQuery.onThisHost(environment()));
        }
        return Optional.of(version);
    }

    /** The environment the spec gives the local processes, its placeholders filled. */
    private Map<String, String> environment() {
        Map<String, String> out = new java.util.TreeMap<>();
        spec.environment().forEach((name, value) -> out.put(name, ConfigTemplate.render(value, values)));
        return out;
    }

    public Path stateDir() {
        return state;
    }

    public List<Long> pids() {
        return processes.stream().map(Process::pid).toList();
    }

    /** True while every process we started runs, as the kernel says it (the JVM hears of an exit late). */
    @Override
    public boolean isAlive() {
        return !processes.isEmpty() && processes.stream().allMatch(ProcessLiveness::isAlive);
    }

    /** The tail of every file in logs/ (the servers' stdout/stderr and their error logs). */
    @Override
    public String log() {
        return LogTails.of(state.resolve("logs"), LOG_TAIL);
    }

    /** Stops what we started: SIGTERM to each PID, SIGKILL to it and its children after 5 s. Idempotent. */
    @Override
    public synchronized void close() {
        boolean interrupted = false;
        for (Process process : processes) {
            interrupted |= ProcessEnd.stop(process);
        }
        processes.clear();
        if (ownedState != null) {
            deleteTree(ownedState);
            ownedState = null;
        }
        if (exitHook != null) {
            exitHook.disarm();
            exitHook = null;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // best effort: a temp dir left behind is not worth failing a run for
        }
    }

    private Map<ConfigTemplate.Key, String> prepareState() throws IOException {
        for (String dir : List.of("logs", "tmp", "run", "www")) {
            Files.createDirectories(state.resolve(dir));
        }
        Path www = spec.folder().resolve("www");
        if (Files.isDirectory(www)) {
            try (Stream<Path> files = Files.list(www)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    Files.copy(file, state.resolve("www").resolve(file.getFileName()),
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        for (Map.Entry<String, Long> file : spec.generated().entrySet()) {
            // sparse: a 100 MiB body costs neither disk nor start-up time, and reads as zeros
            try (RandomAccessFile out = new RandomAccessFile(state.resolve("www").resolve(file.getKey()).toFile(), "rw")) {
                out.setLength(file.getValue());
            }
        }
        Path cert = state.resolve("cert.pem");
        Path key = state.resolve("key.pem");
        Path keyStore = state.resolve("keystore.p12");
        try {
            KeyMaterial identity = SelfSignedCertificate.generate("localhost", "127.0.0.1");
            identity.writePem(cert, key);
            writeKeyStore(identity, keyStore);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot create a self-signed certificate", e);
        }
        Path certAndKey = state.resolve("cert-and-key.pem");
        Files.writeString(certAndKey, Files.readString(cert) + Files.readString(key));
        openForWorkers();

        Map<ConfigTemplate.Key, String> values = new EnumMap<>(ConfigTemplate.Key.class);
        values.put(ConfigTemplate.Key.BIND, "127.0.0.1");
        values.put(ConfigTemplate.Key.H2C_PORT, h2c.map(t -> String.valueOf(t.port())).orElse("0"));
        values.put(ConfigTemplate.Key.TLS_PORT, tls.map(t -> String.valueOf(t.port())).orElse("0"));
        values.put(ConfigTemplate.Key.CERT, cert.toString());
        values.put(ConfigTemplate.Key.KEY, key.toString());
        values.put(ConfigTemplate.Key.CERT_AND_KEY, certAndKey.toString());
        values.put(ConfigTemplate.Key.STATE, state.toString());
        values.put(ConfigTemplate.Key.KEYSTORE, keyStore.toString());
        values.put(ConfigTemplate.Key.BINARY, spec.binary().toString());
        values.put(ConfigTemplate.Key.CLASSPATH, System.getProperty("java.class.path"));
        // started by root (CI), servers drop their workers to www-data (apache refuses root); else the
        // user directives are no-ops naming ourselves
        boolean root = "root".equals(System.getProperty("user.name"));
        PosixFileAttributes owner = Files.readAttributes(state, PosixFileAttributes.class);
        values.put(ConfigTemplate.Key.USER, root ? "www-data" : owner.owner().getName());
        values.put(ConfigTemplate.Key.GROUP, root ? "www-data" : owner.group().getName());
        for (String config : spec.configs()) {
            String template = Files.readString(spec.folder().resolve(config), StandardCharsets.UTF_8);
            Path rendered = state.resolve(config);
            Files.createDirectories(rendered.getParent());
            Files.writeString(rendered, ConfigTemplate.render(template, values), StandardCharsets.UTF_8);
        }
        return values;
    }

    /** PKCS#12, password {@code changeit}: what jetty's start.ini names. */
    private static void writeKeyStore(KeyMaterial identity, Path file) throws IOException, GeneralSecurityException {
        char[] password = KEYSTORE_PASSWORD.toCharArray();
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(KeyMaterial.ALIAS, identity.privateKey(), password, identity.chain().toArray(X509Certificate[]::new));
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password);
        }
    }

    /** Workers that dropped to www-data must read www/ and write tmp/ (a temp dir is 0700). */
    private void openForWorkers() throws IOException {
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(state.resolve("www"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(state.resolve("tmp"), PosixFilePermissions.fromString("rwxrwxrwx"));
        try (Stream<Path> files = Files.list(state.resolve("www"))) {
            for (Path file : files.toList()) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
            }
        }
        requireReachableByWorkers(state);
    }

    /**
     * Run as root, nginx, apache2 and h2o drop their workers to www-data, which then cannot walk into a
     * 0700 directory (what JUnit's and Files.createTempDirectory's temp dirs are): every request would be
     * answered 403 and the suite would judge error pages. Fail at once instead, naming the directory.
     */
    private static void requireReachableByWorkers(Path state) throws IOException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return; // workers keep our user, which can reach the directory it created
        }
        for (Path dir = state.getParent(); dir != null; dir = dir.getParent()) {
            PosixFileAttributes attributes = Files.readAttributes(dir, PosixFileAttributes.class);
            if (!attributes.permissions().contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE)) {
                throw new IOException("the server's workers (www-data) cannot reach the state directory " + state
                        + ": " + dir + " is " + PosixFilePermissions.toString(attributes.permissions())
                        + "; use a state directory whose parents others may enter (e.g. chmod 755 " + dir + ")");
            }
        }
    }

    private synchronized void launch() throws IOException {
        if (exitHook == null) {
            exitHook = ExitHook.arm("server-" + spec.name(), this::close);
        }
        for (int i = 0; i < spec.commands().size(); i++) {
            List<String> command = spec.commands().get(i).stream().map(token -> ConfigTemplate.render(token, values)).toList();
            Path out = state.resolve("logs").resolve(spec.name() + (i == 0 ? "" : "-" + i) + ".out");
            Files.writeString(out, "$ " + String.join(" ", command) + "\n");
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(environment());
            processes.add(builder
                    .directory(state.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
                    .start());
        }
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + spec.readinessTimeout().toNanos();
        List<Target> listeners = Stream.of(h2c, tls).flatMap(Optional::stream).toList();
        String missing = "not checked yet";
        while (System.nanoTime() < deadline) {
            for (Process process : processes) {
                if (!process.isAlive()) {
                    throw new IOException(spec.name() + ": process " + process.pid() + " exited with " + process.exitValue()
                            + " before it was ready\n" + log());
                }
            }
            missing = listeners.stream().map(t -> ReadinessCheck.notReady(t, spec.readiness()))
                    .filter(java.util.Objects::nonNull).findFirst().orElse(null);
            if (missing == null) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IOException(spec.name() + " not ready within " + spec.readinessTimeout() + ": " + missing + "\n" + log());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
