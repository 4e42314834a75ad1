package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.targets.launch.VersionQuery;
import java.util.Optional;

/**
 * Where a started intermediary's command runs: a process on this host ({@link HostIntermediaryProcess}) or a container
 * of its folder's image ({@link ContainerIntermediaryProcess}). Either way it reads the config {@link IntermediaryTarget}
 * rendered into its state directory, listens on this host's loopback and forwards to the origin there.
 */
interface IntermediaryProcess {

    boolean isAlive();

    /** How it ended ("exited with 1"), once {@link #isAlive()} is false. */
    String ended();

    /** The process as this host sees it (its workers are its descendants), for its memory; empty where unseen. */
    Optional<ProcessHandle> handle();

    /** Where its version command runs: this host, or inside the container. */
    VersionQuery.Runner versionRunner();

    /** "pid 123", or the container and its image. */
    String description();

    /** Stops it and waits until it is gone. */
    void stop();
}
