package io.h2scope.conformance.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The bridge as a user's build runs it: a {@code @TestFactory} over a server (here the embedded
 * reference server, strict). This module's Surefire is configured as docs/SUITE.md tells users to, so
 * its XML report for this class names every test by its case id; {@code .ci/run} checks that file.
 */
class BridgeOnEmbeddedServerTest {

    private static ReferenceServerTarget embedded;
    private static Target target;

    @BeforeAll
    static void start() throws Exception {
        embedded = ReferenceServerTarget.of(false);
        target = embedded.start();
    }

    @AfterAll
    static void stop() {
        embedded.close();
    }

    @TestFactory
    Stream<DynamicNode> http2Conformance() {
        return ConformanceTests.forTarget(RunConfig.defaults(target)
                .withPeer(PeerOptions.defaults().withStrict(true))
                .withSelection(new CaseSelection(List.of("http2/6.7", "http2/6.9.1"), List.of())));
    }

    /** Runs only when launched by the test below (Surefire leaves nested classes out). */
    static class PingAgainstNothing {
        @TestFactory
        Stream<DynamicNode> http2Conformance() {
            return ConformanceTests.forTarget(RunConfig.defaults(Target.parse("http://127.0.0.1:9/"))
                    .withSelection(new CaseSelection(List.of("http2/6.7"), List.of())));
        }
    }

    /**
     * Why a user's Surefire needs configuring: JUnit gives each dynamic test the case id as its
     * display name, but its legacy reporting name (what Surefire writes by default) is only the
     * factory's name and positions.
     */
    @Test
    void displayNamesAreCaseIdsWhileLegacyNamesArePositions() {
        List<TestIdentifier> tests = new ArrayList<>();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(PingAgainstNothing.class)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionStarted(TestIdentifier id) {
                        if (id.isTest()) {
                            tests.add(id);
                        }
                    }
                });
        assertEquals(List.of(ConformanceTests.REACHABLE, "http2/6.7/ping-is-acked", "http2/6.7/ack-is-not-answered",
                "http2/6.7/nonzero-stream-id", "http2/6.7/length-not-8"), tests.stream().map(TestIdentifier::getDisplayName).toList());
        tests.stream().skip(1).forEach(t -> assertTrue(t.getLegacyReportingName().matches("http2Conformance\\(\\)\\[\\d+]\\[\\d+]"),
                t.getLegacyReportingName()));
    }
}
