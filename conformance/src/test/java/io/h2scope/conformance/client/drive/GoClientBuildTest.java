package io.h2scope.conformance.client.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The go profile's program is built offline from the bundled source into the cache (named by the source's hash) and
 * answers bad input with its usage; where go is missing, the profile says what to install.
 */
class GoClientBuildTest {

    @Test
    void theBundledSourceBuildsIntoTheCacheAndSaysHowToUseIt() throws Exception {
        assumeTrue(Executables.find("go").isPresent(), "go is not on PATH (Debian's golang-go)");
        assertTrue(GoClientBuild.missing().isEmpty(), () -> GoClientBuild.missing().orElse(""));
        Path binary = GoClientBuild.binary();
        assertTrue(Files.isExecutable(binary), binary.toString());
        assertTrue(binary.getParent().getFileName().toString().matches("go-client-[0-9a-f]{16}"), binary.toString());
        assertTrue(Files.exists(binary.getParent().resolve("h2scope-go-client.go")));
        CommandRun.Result run = CommandRun.run(CommandTemplate.quote(binary.toString()), Duration.ofSeconds(20), null,
                Map.of());
        assertEquals(2, run.exitStatus(), run.output().text());
        assertTrue(run.output().text().startsWith("usage: h2scope-go-client [--h2c]"), run.output().text());
    }

    @Test
    void withoutGoTheProfileSaysWhatToInstall() {
        assumeTrue(Executables.find("go").isEmpty(), "go is installed here");
        assertEquals("go is not on PATH: install Debian's golang-go (apt-get install golang-go)",
                ClientProfiles.named("go").missing().get().orElseThrow());
    }
}
