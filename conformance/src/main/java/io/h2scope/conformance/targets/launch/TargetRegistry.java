package io.h2scope.conformance.targets.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The real servers described under {@code docker-targets/}: every sub-folder with a
 * {@code target.properties}, in name order.
 */
public final class TargetRegistry {

    /** System property naming the docker-targets folder, when it is not found by walking up. */
    public static final String ROOT_PROPERTY = "h2scope.docker-targets";
    public static final String FOLDER = "docker-targets";

    private final Path root;
    private final List<TargetSpec> specs;

    private TargetRegistry(Path root, List<TargetSpec> specs) {
        this.root = root;
        this.specs = List.copyOf(specs);
    }

    /** Reads every {@code root/<name>/target.properties}. */
    public static TargetRegistry load(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            throw new IOException("not a directory: " + root);
        }
        List<TargetSpec> specs = new ArrayList<>();
        try (Stream<Path> folders = Files.list(root)) {
            for (Path folder : folders.filter(f -> Files.isRegularFile(f.resolve(TargetSpec.PROPERTIES))).sorted().toList()) {
                specs.add(TargetSpec.load(folder));
            }
        }
        return new TargetRegistry(root, specs);
    }

    /**
     * The project's registry: {@code -Dh2scope.docker-targets=DIR}, else the first
     * {@code docker-targets} folder found from the working directory upwards (a module's tests
     * run in the module's directory, the CLI in the clone's root).
     */
    public static TargetRegistry locate() throws IOException {
        return load(locateRoot().orElseThrow(() -> new IOException("no " + FOLDER + "/ folder above "
                + Path.of("").toAbsolutePath() + " (set -D" + ROOT_PROPERTY + "=DIR)")));
    }

    public static Optional<Path> locateRoot() {
        String configured = System.getProperty(ROOT_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(FOLDER);
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    public Path root() {
        return root;
    }

    public List<TargetSpec> all() {
        return specs;
    }

    public Optional<TargetSpec> byName(String name) {
        return specs.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** Like {@link #byName}, failing with the known names. */
    public TargetSpec get(String name) {
        return byName(name).orElseThrow(() -> new IllegalArgumentException("no target '" + name + "' in " + root
                + "; known: " + specs.stream().map(TargetSpec::name).toList()));
    }

    /** {@link #locate()} for callers that cannot throw checked exceptions (test argument sources). */
    public static TargetRegistry locateUnchecked() {
        try {
            return locate();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
