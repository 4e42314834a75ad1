package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetResolverTest {

    private final List<String> said = new ArrayList<>();

    private TargetResolver resolver(boolean docker) {
        return new TargetResolver(TargetRegistry::locate, () -> docker);
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        TargetStartException e = assertThrows(TargetStartException.class, () -> resolver(false).choose("local:nosuch", said::add));
        assertEquals(TargetStartException.Kind.USAGE, e.kind());
        assertTrue(e.getMessage().contains("unknown target 'nosuch'") && e.getMessage().contains("nginx")
                && e.getMessage().contains("tomcat10"), e.getMessage());
    }

    @Test
    void aBareNameRunsAsAContainerWhereAnEngineAnswersElseLocallyAndSaysWhich() throws Exception {
        assertEquals(new TargetResolver.Choice(TargetResolver.Via.DOCKER, "nginx"), resolver(true).choose("nginx", said::add));
        assertEquals(new TargetResolver.Choice(TargetResolver.Via.LOCAL, "nginx"), resolver(false).choose("nginx", said::add));
        assertTrue(said.get(0).contains("runs as a container") && said.get(1).contains("runs as a local process"), said.toString());
    }

    @Test
    void dockerWithoutAnEngineIsAnEnvironmentErrorNamingTheLocalWay() {
        TargetStartException e = assertThrows(TargetStartException.class, () -> resolver(false).start("docker:nginx", false, said::add));
        assertEquals(TargetStartException.Kind.ENVIRONMENT, e.kind());
        assertTrue(e.getMessage().contains("no Docker engine answers") && e.getMessage().contains("local:nginx"), e.getMessage());
    }

    @Test
    void urlsAndEmbeddedAreParsedWithoutTheRegistry() throws Exception {
        TargetResolver noRegistry = new TargetResolver(() -> { throw new java.io.IOException("not needed"); }, () -> false);
        assertEquals(TargetResolver.Via.URL, noRegistry.choose("https://127.0.0.1:8443/", said::add).via());
        assertEquals(TargetResolver.Via.EMBEDDED, noRegistry.choose("embedded", said::add).via());
        assertThrows(TargetStartException.class, () -> noRegistry.choose("ftp://x", said::add));
    }

    @Test
    void aServerThatNeverAnswersIsReportedWithItsLogAndLeavesNothingRunning() throws Exception {
        TargetSpec node = TargetRegistry.locate().get("node");
        org.junit.jupiter.api.Assumptions.assumeTrue(node.locallyAvailable(), node::unavailableReason);
        // the same folder, but the server listens nowhere: readiness times out
        TargetSpec deaf = new TargetSpec(node.name(), node.description(), node.folder(), node.h2cPort(), node.tlsPort(),
                node.configs(), node.binary(), List.of(List.of("@BINARY@", "-e", "console.log('not listening'); setTimeout(() => {}, 60000)")),
                node.readiness(), java.time.Duration.ofSeconds(2), node.requires(), node.environment(), node.largePath(),
                node.generated(), false, node.versionQuery());
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> LocalProcessTarget.startInTempDir(deaf));
        assertTrue(e.getMessage().startsWith("node not ready within PT2S") && e.getMessage().contains("not listening"), e.getMessage());
        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.info().command().orElse("").endsWith("node")),
                "the node process was left running");
    }
}
