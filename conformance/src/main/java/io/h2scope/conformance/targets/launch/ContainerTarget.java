package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A {@code docker-targets/<name>/} server as a container: Testcontainers builds the folder's
 * Dockerfile (the same config template as {@link LocalProcessTarget}, rendered for the fixed ports
 * of target.properties) once per content (the image is tagged by {@link ImageTag}) and maps its
 * listeners to free host ports. {@link #close()} stops and removes the container; its output is kept
 * for {@link #log()} (Ryuk, Testcontainers' reaper, cannot run here, so nothing else would remove it).
 */
public final class ContainerTarget implements RunningTarget {

    private static final int LOG_TAIL = 8_000;

    private final TargetSpec spec;
    private final GenericContainer<?> container;
    private final StringBuffer output;
    private final ContainerReaper reaper;
    private ServerVersion version;

    private ContainerTarget(TargetSpec spec, GenericContainer<?> container, StringBuffer output) {
        this.spec = spec;
        this.container = container;
        this.output = output;
        this.reaper = new ContainerReaper(container, spec.name());
    }

    /** True when a Docker engine answers (Testcontainers' own probe). */
    public static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /**
     * Builds the image unless one with this content's tag exists, starts it and returns once every
     * listener answers as the spec's readiness asks.
     *
     * @throws TargetStartException NOT_READY with the container's log when the build fails, the
     *         container exits or it is not ready in time; the container is removed then
     */
    @SuppressWarnings("resource")
    public static ContainerTarget start(TargetSpec spec) throws TargetStartException {
        String image = ensureImage(spec);
        StringBuffer output = new StringBuffer();
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(image))
                .withLogConsumer((OutputFrame frame) -> output.append(frame.getUtf8String()));
        Stream.of(spec.h2cPort(), spec.tlsPort()).filter(p -> p != 0).forEach(container::addExposedPort);
        container.waitingFor(Wait.forListeningPort().withStartupTimeout(spec.readinessTimeout()));
        ContainerTarget target = new ContainerTarget(spec, container, output);
        try {
            container.start();
            target.reaper.arm(); // Ctrl-C must not leave it running
            target.awaitReady();
            return target;
        } catch (RuntimeException e) {
            String log = target.log();
            target.close();
            throw new TargetStartException(TargetStartException.Kind.NOT_READY, spec.name() + ": the container of " + image
                    + " did not become ready: " + DockerImage.firstLine(e), log, e);
        } catch (TargetStartException e) {
            target.close();
            throw e;
        }
    }

    /** The image's name with this content's tag, built when the engine does not have it yet. */
    static String ensureImage(TargetSpec spec) throws TargetStartException {
        Map<String, Path> extra = spec.dockerClassPath() ? ImagePlaceholders.classPathContext() : Map.of();
        try {
            return DockerImage.ensure(spec.name(), spec.folder(), extra);
        } catch (IOException e) {
            throw new TargetStartException(TargetStartException.Kind.NOT_READY, DockerImage.firstLine(e), causes(e.getCause()), e);
        }
    }

    private void awaitReady() throws TargetStartException {
        long deadline = System.nanoTime() + spec.readinessTimeout().toNanos();
        List<Target> listeners = Stream.of(h2c(), tls()).flatMap(Optional::stream).toList();
        String missing = "not checked yet";
        while (System.nanoTime() < deadline) {
            if (!container.isRunning()) {
                throw new TargetStartException(TargetStartException.Kind.NOT_READY, spec.name()
                        + ": the container exited before it was ready", log(), null);
            }
            missing = listeners.stream().map(t -> ReadinessCheck.notReady(t, spec.readiness()))
                    .filter(java.util.Objects::nonNull).findFirst().orElse(null);
            if (missing == null) {
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new TargetStartException(TargetStartException.Kind.NOT_READY, spec.name() + " (container) not ready within "
                + spec.readinessTimeout() + ": " + missing, log(), null);
    }

    @Override
    public String description() {
        return spec.name() + " as a container (" + container.getDockerImageName() + ", "
                + Optional.ofNullable(container.getContainerId()).map(id -> id.substring(0, Math.min(12, id.length()))).orElse("not started") + ")";
    }

    @Override
    public Optional<Target> h2c() {
        return spec.hasH2c() ? Optional.of(new Target(spec.name() + "-container", container.getHost(),
                container.getMappedPort(spec.h2cPort()), false, "/", spec.largePath())) : Optional.empty();
    }

    @Override
    public Optional<Target> tls() {
        return spec.hasTls() ? Optional.of(new Target(spec.name() + "-container-tls", container.getHost(),
                container.getMappedPort(spec.tlsPort()), true, "/", spec.largePath())) : Optional.empty();
    }

    @Override
    public boolean isAlive() {
        return container.isRunning();
    }

    @Override
    public Set<String> knownFailures(boolean overTls) {
        return spec.knownFailures(overTls);
    }

    /** Asked inside the container (docker exec): the image's package is what runs, whatever the host has. */
    @Override
    public synchronized Optional<ServerVersion> version() {
        if (version == null) {
            version = spec.askVersion(ImagePlaceholders.of(spec.binary(), spec.dockerClassPath()),
                    VersionQuery.inContainer(container));
        }
        return Optional.of(version);
    }

    @Override
    public String log() {
        return LogTails.tail(output.toString(), LOG_TAIL);
    }

    @Override
    public void close() {
        reaper.stop();
    }

    private static String causes(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            out.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append('\n');
        }
        return out.toString();
    }
}
