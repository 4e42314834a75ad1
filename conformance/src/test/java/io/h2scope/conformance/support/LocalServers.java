package io.h2scope.conformance.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.targets.launch.LocalProcessTarget;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Starts a docker-targets/ server as a local process for a test, or skips the test naming the package to install. */
public final class LocalServers {

    private LocalServers() {
    }

    /** The server {@code name}, its state under {@code work} (a JUnit temp dir). */
    public static LocalProcessTarget start(String name, Path work) throws IOException, InterruptedException {
        TargetSpec spec = TargetRegistry.locate().get(name);
        assumeTrue(spec.locallyAvailable(), () -> spec.unavailableReason() + ": install the Debian package "
                + "(.ci/run does) to run the suite against it");
        // workers that drop to www-data must walk down into the state directory (a JUnit temp dir is 0700)
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        return LocalProcessTarget.start(spec, work.resolve("state"));
    }
}
