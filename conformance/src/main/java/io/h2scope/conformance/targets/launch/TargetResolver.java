package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.Target;

import java.io.IOException;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Turns a target name into a running server: {@code embedded} (h2scope's reference server in this
 * JVM), {@code local:NAME} (the docker-targets/ folder's Debian package as a local process),
 * {@code docker:NAME} (the folder's image as a container), {@code NAME} (a container where a Docker
 * engine answers, else a local process; {@code say} is told which), or an {@code http://} /
 * {@code https://} URL of a server already running.
 */
public final class TargetResolver {

    /** How a name is started. */
    public enum Via { EMBEDDED, LOCAL, DOCKER, URL }

    /** A parsed name: how, and the docker-targets/ folder for LOCAL and DOCKER ({@code null} otherwise). */
    public record Choice(Via via, String name) {
    }

    private final TargetRegistryLoader registry;
    private final BooleanSupplier dockerAvailable;

    /** Where the docker-targets/ folders are; loaded only when a name needs them. */
    @FunctionalInterface
    public interface TargetRegistryLoader {
        TargetRegistry load() throws IOException;
    }

    public TargetResolver(TargetRegistryLoader registry, BooleanSupplier dockerAvailable) {
        this.registry = registry;
        this.dockerAvailable = dockerAvailable;
    }

    /** The project's docker-targets/ (found from the working directory) and Testcontainers' engine probe. */
    public static TargetResolver standard() {
        return new TargetResolver(TargetRegistry::locate, ContainerTarget::dockerAvailable);
    }

    /**
     * Parses {@code spec} and checks the name without starting anything.
     *
     * @throws TargetStartException USAGE for an unknown name (the message lists the known ones) or an empty one
     */
    public Choice choose(String spec, Consumer<String> say) throws TargetStartException {
        String text = spec == null ? "" : spec.trim();
        if (text.isEmpty()) {
            throw usage("--target needs a name: embedded, local:NAME, docker:NAME, NAME or a URL; known names: " + String.join(", ", knownNames()));
        }
        if (text.equals("embedded")) {
            return new Choice(Via.EMBEDDED, null);
        }
        if (text.startsWith("http://") || text.startsWith("https://")) {
            return new Choice(Via.URL, text);
        }
        if (text.startsWith("local:")) {
            return new Choice(Via.LOCAL, known(text.substring("local:".length())).name());
        }
        if (text.startsWith("docker:")) {
            return new Choice(Via.DOCKER, known(text.substring("docker:".length())).name());
        }
        if (text.contains(":")) {
            throw usage("unknown target '" + text + "': use embedded, local:NAME, docker:NAME, NAME or an http:// or https:// URL");
        }
        TargetSpec target = known(text);
        if (dockerAvailable.getAsBoolean()) {
            say.accept(target.name() + ": a Docker engine answers, so it runs as a container (docker:" + target.name()
                    + "; local:" + target.name() + " for the local package)");
            return new Choice(Via.DOCKER, target.name());
        }
        say.accept(target.name() + ": no Docker engine answers, so it runs as a local process (local:" + target.name() + ")");
        return new Choice(Via.LOCAL, target.name());
    }

    /**
     * Starts what {@code spec} names. Whatever fails on the way is stopped and removed again.
     *
     * @throws TargetStartException USAGE (unknown name, no such listener), ENVIRONMENT (no Docker engine,
     *         the package is not installed) or NOT_READY (the server exited or never answered; with its log)
     */
    public RunningTarget start(String spec, boolean tls, Consumer<String> say) throws TargetStartException {
        Choice choice = choose(spec, say);
        RunningTarget running = switch (choice.via()) {
            case EMBEDDED -> EmbeddedRunningTarget.start(tls);
            case URL -> new UrlTarget(parseUrl(choice.name()));
            case LOCAL -> startLocal(spec(choice.name()));
            case DOCKER -> startContainer(spec(choice.name()));
        };
        if ((tls ? running.tls() : running.h2c()).isEmpty()) {
            running.close();
            throw usage(running.description() + " has no " + (tls ? "TLS" : "h2c") + " listener");
        }
        return running;
    }

    private static RunningTarget startLocal(TargetSpec spec) throws TargetStartException {
        if (!spec.locallyAvailable()) {
            throw new TargetStartException(TargetStartException.Kind.ENVIRONMENT, spec.unavailableReason()
                    + ": install it (apt-get install " + spec.debianPackage() + ") or use docker:" + spec.name());
        }
        try {
            return LocalProcessTarget.startInTempDir(spec);
        } catch (IOException e) {
            String message = String.valueOf(e.getMessage());
            int nl = message.indexOf('\n');
            throw new TargetStartException(TargetStartException.Kind.NOT_READY, nl < 0 ? message : message.substring(0, nl),
                    nl < 0 ? "" : message.substring(nl + 1), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetStartException(TargetStartException.Kind.NOT_READY, spec.name() + ": interrupted while starting");
        }
    }

    private RunningTarget startContainer(TargetSpec spec) throws TargetStartException {
        if (!dockerAvailable.getAsBoolean()) {
            throw new TargetStartException(TargetStartException.Kind.ENVIRONMENT, "docker:" + spec.name()
                    + ": no Docker engine answers (start dockerd, or set DOCKER_HOST); local:" + spec.name()
                    + " runs the Debian package instead");
        }
        return ContainerTarget.start(spec);
    }

    private TargetSpec spec(String name) throws TargetStartException {
        return known(name);
    }

    private TargetSpec known(String name) throws TargetStartException {
        TargetRegistry targets = registry();
        Optional<TargetSpec> spec = targets.byName(name.trim());
        if (spec.isEmpty()) {
            throw usage("unknown target '" + name + "'; known: embedded, " + String.join(", ", knownNames())
                    + " (folders of " + targets.root() + "), or a URL");
        }
        return spec.get();
    }

    private java.util.List<String> knownNames() throws TargetStartException {
        return registry().all().stream().map(TargetSpec::name).toList();
    }

    private TargetRegistry registry() throws TargetStartException {
        try {
            return registry.load();
        } catch (IOException e) {
            throw new TargetStartException(TargetStartException.Kind.ENVIRONMENT, "cannot read the docker-targets/ folders: "
                    + e.getMessage(), "", e);
        }
    }

    private static Target parseUrl(String url) throws TargetStartException {
        try {
            return Target.parse(url);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private static TargetStartException usage(String message) {
        return new TargetStartException(TargetStartException.Kind.USAGE, message);
    }
}
