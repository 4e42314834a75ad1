package io.h2scope.conformance.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.targets.Target;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/** The bridge starting a server by name: h2scope's own server as a local process (docker-targets/h2scope), over TLS. */
class BridgeOnNamedTargetTest {

    private static final RunConfig PING_ONLY = RunConfig.defaults(Target.parse("http://unused:1/"))
            .withSelection(new CaseSelection(List.of("http2/6.7"), List.of()));

    @TestFactory
    Stream<DynamicNode> h2scopeAsALocalProcessOverTls() {
        return ConformanceTests.forTarget("local:h2scope", true, PING_ONLY);
    }

    @Test
    void theServerRunsForTheTestsAndIsStoppedWhenTheStreamCloses() throws Throwable {
        List<DynamicNode> nodes;
        try (Stream<DynamicNode> tests = ConformanceTests.forTarget("local:h2scope", false, PING_ONLY)) {
            nodes = tests.toList();
            DynamicNode last = nodes.get(nodes.size() - 1);
            assertTrue(last.getDisplayName().endsWith(" stayed up during the run"), last.getDisplayName());
            ((DynamicTest) last).getExecutable().execute(); // alive while the stream is open
        }
        DynamicTest last = (DynamicTest) nodes.get(nodes.size() - 1);
        AssertionFailedError died = assertThrows(AssertionFailedError.class, () -> last.getExecutable().execute());
        assertTrue(died.getMessage().contains("died during the run"), "closed with the stream: " + died.getMessage());
    }

    @Test
    void anUnknownNameIsOneFailingTestThatListsTheKnownNames() {
        List<DynamicNode> nodes = ConformanceTests.forTarget("ngnix", false).toList();
        assertEquals(1, nodes.size());
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> ((DynamicTest) nodes.get(0)).getExecutable().execute());
        assertTrue(e.getMessage().contains("nginx"), e.getMessage());
    }
}
