package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.IntermediaryTarget.Choice;
import io.h2scope.conformance.intermediary.IntermediaryTarget.Via;
import io.h2scope.conformance.targets.launch.ConfigTemplate;
import io.h2scope.conformance.targets.launch.ImagePlaceholders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code conform-proxy --target}'s names: local:NAME and docker:NAME of an intermediary folder, checked before anything starts. */
class IntermediaryTargetChoiceTest {

    @Test
    void localAndDockerNameAnIntermediaryFolder() throws Exception {
        assertEquals(new Choice(Via.LOCAL, "nginx-proxy"), IntermediaryTarget.choose("local:nginx-proxy"));
        assertEquals(new Choice(Via.DOCKER, "haproxy-proxy"), IntermediaryTarget.choose(" docker:haproxy-proxy "));
        assertEquals("docker:haproxy-proxy", IntermediaryTarget.choose("docker:haproxy-proxy").toString());
    }

    @Test
    void anUnknownNameListsTheKnownIntermediaries() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IntermediaryTarget.choose("docker:nosuch"));
        assertTrue(e.getMessage().startsWith("no intermediary is called 'nosuch'; the known ones are ") && e.getMessage().contains("nginx-proxy")
                && e.getMessage().contains("caddy-proxy") && !e.getMessage().contains("\n"), e.getMessage());
        // a server folder (target.properties) is no intermediary
        assertThrows(IllegalArgumentException.class, () -> IntermediaryTarget.choose("docker:nginx"));
    }

    @Test
    void viaAutoRunsAFolderWithoutADockerfileLocally(@TempDir Path folder) throws Exception {
        Properties noDockerfile = new Properties();
        noDockerfile.setProperty("folder", folder.toString());
        assertEquals(Via.LOCAL, IntermediaryTarget.auto(noDockerfile, Via.DOCKER));
        assertEquals(Via.DOCKER, IntermediaryTarget.auto(IntermediaryTarget.spec("h2scope-proxy"), Via.DOCKER));
        assertEquals(Via.DOCKER, IntermediaryTarget.auto(IntermediaryTarget.spec("nginx-proxy"), Via.DOCKER));
        assertEquals(Via.LOCAL, IntermediaryTarget.auto(IntermediaryTarget.spec("nginx-proxy"), Via.LOCAL));
    }

    @Test
    void ownRelaysCommandNamesTheImagesJavaAndClassesInAContainerAndThisJvmsLocally() throws Exception {
        Properties spec = IntermediaryTarget.spec("h2scope-proxy");
        Map<ConfigTemplate.Key, String> image = IntermediaryTarget.placeholders(spec, Via.DOCKER);
        assertEquals("java", image.get(ConfigTemplate.Key.BINARY));
        // the class path inside the image: exactly the entries its build context gets, where its Dockerfile copies them
        List<String> entries = List.of(image.get(ConfigTemplate.Key.CLASSPATH).split(":"));
        assertEquals(ImagePlaceholders.classPathContext().keySet().stream().map(name -> "/opt/h2scope/" + name).toList(),
                entries);
        assertTrue(Files.readString(Path.of(spec.getProperty("folder")).resolve("Dockerfile"))
                .contains("COPY classpath/ /opt/h2scope/classpath/"));
        Map<ConfigTemplate.Key, String> here = IntermediaryTarget.placeholders(spec, Via.LOCAL);
        assertEquals(System.getProperty("java.class.path"), here.get(ConfigTemplate.Key.CLASSPATH));
        assertTrue(Files.isExecutable(Path.of(here.get(ConfigTemplate.Key.BINARY))), here.toString());
        // an image of a Debian package only gets no class path
        assertNull(IntermediaryTarget.placeholders(IntermediaryTarget.spec("nginx-proxy"), Via.DOCKER)
                .get(ConfigTemplate.Key.CLASSPATH));
    }

    @Test
    void aTargetWithoutLocalOrDockerSaysBoth() {
        for (String bad : new String[] {"nginx-proxy", "podman:nginx-proxy", ":nginx-proxy", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IntermediaryTarget.choose(bad));
            assertTrue(e.getMessage().contains("local:NAME") && e.getMessage().contains("docker:NAME"), e.getMessage());
        }
    }

    @Test
    void dockerWithoutAnEngineSaysHowToStartOneOrToRunLocally() throws Exception {
        Properties spec = IntermediaryTarget.spec("haproxy-proxy");
        String reason = IntermediaryTarget.unavailableReason(spec, Via.DOCKER, () -> false);
        assertTrue(reason.startsWith("docker:haproxy-proxy: no Docker engine answers") && reason.contains("DOCKER_HOST")
                && reason.contains("local:haproxy-proxy") && !reason.contains("\n"), reason);
        assertNull(IntermediaryTarget.unavailableReason(spec, Via.DOCKER, () -> true));
    }

    @Test
    void dockerForAFolderWithoutADockerfileSaysSo(@TempDir Path folder) {
        Properties spec = new Properties();
        spec.setProperty("name", "new-proxy");
        spec.setProperty("folder", folder.toString());
        String reason = IntermediaryTarget.unavailableReason(spec, Via.DOCKER, () -> true);
        assertEquals("docker:new-proxy: " + folder.resolve("Dockerfile") + " is missing: write one (as the other "
                + "intermediaries' folders have), or use local:new-proxy", reason);
    }
}
