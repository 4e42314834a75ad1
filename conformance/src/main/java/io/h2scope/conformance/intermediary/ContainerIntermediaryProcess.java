package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.targets.launch.ContainerReaper;
import io.h2scope.conformance.targets.launch.DockerImage;
import io.h2scope.conformance.targets.launch.VersionQuery;

import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.utility.DockerImageName;

/**
 * The intermediary as a container of its folder's image (built once per content by {@link DockerImage}), in the host's
 * network: it binds the front on this host's loopback and reaches the origin there, as a local process does, so the
 * config {@link IntermediaryTarget} renders serves both ways unchanged. Its state directory (config, certificates,
 * logs) and a TLS origin's CA file are mounted at the paths they have here, so the engine must run on this host.
 * {@link #stop()} removes the container, and so does Ctrl-C ({@link ContainerReaper}).
 */
final class ContainerIntermediaryProcess implements IntermediaryProcess {

    private final GenericContainer<?> container;
    private final ContainerReaper reaper;

    private ContainerIntermediaryProcess(GenericContainer<?> container, String name) {
        this.container = container;
        this.reaper = new ContainerReaper(container, name);
    }

    /**
     * Starts {@code command} in a container of the image of {@code folder} (built with {@code extra} in its context, by
     * name there); its output goes to {@code output}.
     *
     * @throws IOException when the image cannot be built or the container does not start (with the output so far)
     */
    @SuppressWarnings("resource")
    static ContainerIntermediaryProcess start(String name, Path folder, Map<String, Path> extra, List<String> command,
            Map<String, String> environment, Path stateRoot, Path workDir, Optional<Path> originCa, Path output)
            throws IOException {
        String image = DockerImage.ensure(name, folder, extra);
        List<Bind> binds = new ArrayList<>(List.of(sameWhere(stateRoot, AccessMode.rw)));
        originCa.ifPresent(ca -> binds.add(sameWhere(ca, AccessMode.ro)));
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(image))
                .withNetworkMode("host")
                // on the create command, not withFileSystemBind: for those Testcontainers first checks that a bind works
                // by running a small image it pulls, and no registry answers here (a 120 s wait, then only a warning)
                .withCreateContainerCmdModifier(create -> create.getHostConfig().withBinds(binds))
                .withWorkingDirectory(workDir.toString())
                .withEnv(environment)
                .withCommand(command.toArray(String[]::new))
                .withLogConsumer((OutputFrame frame) -> append(output, frame.getUtf8String()));
        ContainerIntermediaryProcess started = new ContainerIntermediaryProcess(container, name);
        try {
            container.start();
            started.reaper.arm(); // Ctrl-C must not leave it holding the front's port
            return started;
        } catch (RuntimeException e) {
            started.stop();
            throw new IOException(name + ": the container of " + image + " did not start: " + DockerImage.firstLine(e), e);
        }
    }

    /** {@code path} mounted in the container where it is on this host, so the rendered config's paths hold there. */
    private static Bind sameWhere(Path path, AccessMode mode) {
        return new Bind(path.toString(), new Volume(path.toString()), mode);
    }

    private static void append(Path output, String text) {
        try {
            Files.writeString(output, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // the state directory is gone: the container is being stopped
        }
    }

    @Override
    public boolean isAlive() {
        return container.isRunning();
    }

    @Override
    public String ended() {
        Long code = container.getCurrentContainerInfo().getState().getExitCodeLong();
        return "exited with " + code + " (in its container)";
    }

    /** The container's first process by its pid on this host (its PID namespace is the container's own). */
    @Override
    public Optional<ProcessHandle> handle() {
        Long pid = container.getContainerInfo() == null ? null : container.getContainerInfo().getState().getPidLong();
        return pid == null || pid <= 0 ? Optional.empty() : ProcessHandle.of(pid);
    }

    @Override
    public VersionQuery.Runner versionRunner() {
        return VersionQuery.inContainer(container);
    }

    @Override
    public String description() {
        String id = container.getContainerId();
        return "container " + (id == null ? "not started" : id.substring(0, Math.min(12, id.length()))) + " of "
                + container.getDockerImageName() + handle().map(h -> ", pid " + h.pid() + " here").orElse("");
    }

    @Override
    public void stop() {
        reaper.stop();
    }
}
