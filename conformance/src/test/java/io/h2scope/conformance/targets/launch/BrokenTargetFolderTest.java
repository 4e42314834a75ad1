package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A docker-targets folder whose config or Dockerfile is broken is one clear error with the server's (or the build's)
 * own words, quickly, and nothing is left running.
 */
class BrokenTargetFolderTest {

    private final List<String> said = new ArrayList<>();

    /** A registry of one folder: a copy of docker-targets/nginx whose {@code file} is replaced by {@code text}. */
    private static TargetResolver nginxWith(Path root, String file, String text, boolean docker) throws IOException {
        Path source = TargetRegistry.locate().get("nginx").folder();
        Path copy = Files.createDirectories(root.resolve("nginx"));
        try (Stream<Path> files = Files.list(source)) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        Files.writeString(copy.resolve(file), text);
        return new TargetResolver(() -> TargetRegistry.load(root), () -> docker);
    }

    @Test
    void aConfigTheServerRejectsIsReportedWithItsOwnErrorWithoutWaitingForTheReadinessTimeout(@TempDir Path root) throws Exception {
        assumeTrue(TargetRegistry.locate().get("nginx").locallyAvailable(), "nginx is not installed (apt-get install nginx)");
        TargetResolver resolver = nginxWith(root, "nginx.conf", "this_is_not_a_directive on;\n", false);
        TargetStartException e = assertThrows(TargetStartException.class, () -> resolver.start("local:nginx", false, said::add));
        assertEquals(TargetStartException.Kind.NOT_READY, e.kind());
        assertTrue(e.log().contains("unknown directive \"this_is_not_a_directive\""), "nginx's own words: " + e.log());
        assertTrue(e.getMessage().contains("exited with"), "reported when nginx exited, not at the readiness timeout: "
                + e.getMessage());
        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.info().command().orElse("").endsWith("nginx")),
                "an nginx process was left running");
    }

    @Test
    @Tag("container-matrix") // needs a Docker engine: mvn -Pcontainers (.ci/run's container step)
    void aDockerfileThatDoesNotBuildIsReportedWithTheBuildLog(@TempDir Path root) throws Exception {
        assumeTrue(ContainerTarget.dockerAvailable(), "no Docker engine answers (.ci/docker-engine start)");
        TargetResolver resolver = nginxWith(root, "Dockerfile",
                "FROM debian:bookworm-slim\nRUN echo 'h2scope: this step fails on purpose' && exit 3\n", true);
        TargetStartException e = assertThrows(TargetStartException.class, () -> resolver.start("docker:nginx", false, said::add));
        assertEquals(TargetStartException.Kind.NOT_READY, e.kind());
        assertTrue(e.getMessage().startsWith("nginx: docker build of "), e.getMessage());
        assertTrue((e.getMessage() + e.log()).contains("exit 3") || (e.getMessage() + e.log()).contains("returned a non-zero code"),
                "the build's own words: " + e.getMessage() + "\n" + e.log());
    }
}
