package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.Target;

import java.util.Optional;

/** A server already running at a URL: nothing to start or stop, and only the listener the URL names. */
record UrlTarget(Target target) implements RunningTarget {

    @Override
    public String description() {
        return target.url();
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
    public boolean isAlive() {
        return true;
    }

    @Override
    public String log() {
        return "";
    }

    @Override
    public void close() {
    }
}
