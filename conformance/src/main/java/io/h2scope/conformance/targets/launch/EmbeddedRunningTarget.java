package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;

import java.io.IOException;
import java.util.Optional;

/** {@code embedded}: the reference server in this JVM, on one listener (h2c or TLS, as asked). */
final class EmbeddedRunningTarget implements RunningTarget {

    private final ReferenceServerTarget server;
    private final Target target;

    private EmbeddedRunningTarget(ReferenceServerTarget server, Target target) {
        this.server = server;
        this.target = target;
    }

    static EmbeddedRunningTarget start(boolean tls) throws TargetStartException {
        ReferenceServerTarget server = ReferenceServerTarget.of(tls);
        try {
            return new EmbeddedRunningTarget(server, server.start());
        } catch (IOException e) {
            server.close();
            throw new TargetStartException(TargetStartException.Kind.NOT_READY, "the embedded server did not start: "
                    + e.getMessage(), "", e);
        }
    }

    @Override
    public String description() {
        return target.name();
    }

    @Override
    public Optional<Target> h2c() {
        return RunningTarget.asListener(target, false);
    }

    @Override
    public Optional<Target> tls() {
        return RunningTarget.asListener(target, true);
    }

    @Override
    public Optional<ServerVersion> version() {
        return Optional.of(ReferenceServerTarget.version());
    }

    @Override
    public boolean isAlive() {
        return server.server() != null;
    }

    @Override
    public String log() {
        return "";
    }

    @Override
    public void close() {
        server.close();
    }
}
