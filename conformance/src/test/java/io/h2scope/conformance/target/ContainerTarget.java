package io.h2scope.conformance.target;

import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * A {@code docker-targets/<name>/} server as a container: Testcontainers builds the folder's
 * Dockerfile (the same config template as {@link LocalProcessTarget}, rendered for the fixed ports
 * of target.properties) and maps its listeners to free host ports. Needs a Docker engine: callers
 * check {@link #dockerAvailable()} first and skip with its reason.
 */
public final class ContainerTarget implements AutoCloseable {

    private final TargetSpec spec;
    private final GenericContainer<?> container;

    private ContainerTarget(TargetSpec spec, GenericContainer<?> container) {
        this.spec = spec;
        this.container = container;
    }

    /** True when a Docker engine answers (Testcontainers' own probe). */
    public static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** Builds the image (cached by Docker after the first time) and starts it; returns once the ports listen. */
    @SuppressWarnings("resource")
    public static ContainerTarget start(TargetSpec spec) {
        GenericContainer<?> container = new GenericContainer<>(
                new ImageFromDockerfile("h2scope/" + spec.name(), false).withFileFromPath(".", spec.folder()));
        if (spec.hasH2c()) {
            container.addExposedPort(spec.h2cPort());
        }
        if (spec.hasTls()) {
            container.addExposedPort(spec.tlsPort());
        }
        container.waitingFor(Wait.forListeningPort().withStartupTimeout(spec.readinessTimeout().plusSeconds(40)));
        container.start();
        return new ContainerTarget(spec, container);
    }

    public Optional<Target> h2c() {
        return spec.hasH2c() ? Optional.of(new Target(spec.name() + "-container", container.getHost(),
                container.getMappedPort(spec.h2cPort()), false, "/")) : Optional.empty();
    }

    public Optional<Target> tls() {
        return spec.hasTls() ? Optional.of(new Target(spec.name() + "-container-tls", container.getHost(),
                container.getMappedPort(spec.tlsPort()), true, "/")) : Optional.empty();
    }

    public String log() {
        return container.getLogs();
    }

    @Override
    public void close() {
        container.stop();
    }
}
