package io.h2scope.conformance.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.targets.launch.LocalProcessTarget;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;
import java.io.IOException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts docker-targets/ servers as local processes for tests ({@link OnePerName}), or skips a test naming the package
 * to install.
 */
public final class LocalServers {

    private LocalServers() {
    }

    /** The server {@code name}'s folder, the test skipped naming the package when its binary is not installed. */
    private static TargetSpec available(String name) throws IOException {
        TargetSpec spec = TargetRegistry.locate().get(name);
        assumeTrue(spec.locallyAvailable(), () -> spec.unavailableReason() + ": install the Debian package "
                + "(.ci/run does) to run the suite against it");
        return spec;
    }

    /**
     * The server of consecutive tests on one name, started once: the test of its TLS listener after the test of its h2c
     * listener gets the same process, as {@code h2scope matrix --both} tests both listeners on one process. A test on
     * another name stops it and starts that one (as does a test after it died); the last is stopped after the class.
     * A test class holds one in a static field marked {@code @RegisterExtension}.
     */
    public static final class OnePerName implements AfterAllCallback {

        private String name;
        private LocalProcessTarget server;

        /** The running server {@code name}, started when it is not the one running; skips the test where it is missing. */
        public LocalProcessTarget server(String name) throws IOException, InterruptedException {
            if (server != null && name.equals(this.name) && server.isAlive()) {
                return server;
            }
            stop();
            server = LocalProcessTarget.startInTempDir(available(name));
            this.name = name;
            return server;
        }

        /** The server {@code name} stopped and started afresh (new ports, new state): after it stalled mid-run. */
        public LocalProcessTarget restart(String name) throws IOException, InterruptedException {
            stop();
            return server(name);
        }

        @Override
        public void afterAll(ExtensionContext context) {
            stop();
        }

        private void stop() {
            if (server != null) {
                server.close();
                server = null;
                name = null;
            }
        }
    }
}
