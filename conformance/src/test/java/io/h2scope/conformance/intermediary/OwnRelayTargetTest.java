package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * {@code --target local:h2scope-proxy}: h2scope's own relay started from its docker-targets folder as a process of its
 * own (a JVM with this one's class path), forwarding to the h2c origin its spec names, asked its version like the other
 * intermediaries, and stopped with the target.
 */
class OwnRelayTargetTest {

    private static final String NAME = "h2scope-proxy";

    @Test
    void itsFolderIsAnIntermediaryThatCanRunHere() throws Exception {
        assertTrue(IntermediaryTarget.names().contains(NAME), IntermediaryTarget.names().toString());
        Properties spec = IntermediaryTarget.spec(NAME);
        assertNull(IntermediaryTarget.unavailableReason(spec), "this JVM is its binary");
        assertEquals(OriginKind.H2C, IntermediaryTarget.origin(spec));
    }

    @Test
    void startsAsAProcessThatRelaysToTheOriginAndStopsWithTheTarget() throws Exception {
        ProcessHandle relay;
        try (Origin origin = Origin.start(OriginKind.H2C, 0);
                IntermediaryTarget proxy = IntermediaryTarget.start(NAME, origin)) {
            relay = proxy.process().orElseThrow();
            assertNotEquals(ProcessHandle.current().pid(), relay.pid(), "a process of its own");
            assertTrue(proxy.isAlive(), proxy::log);
            ProxySuiteRunner runner = new ProxySuiteRunner(new ProxyStage(origin, new FrontClient(proxy.front(), null,
                    Duration.ofSeconds(5)), ProxyStage.DEFAULT_SETTLE), false);
            assertTrue(runner.unreachable().isEmpty(), () -> "the relay reaches the origin\n" + proxy.log());
            ProxyCase crlf = ProxySuite.cases().stream()
                    .filter(c -> c.id().value().equals("proxy/8.2.1/value-crlf-injects-field")).findFirst().orElseThrow();
            ProxyVerdict verdict = runner.run(crlf);
            assertEquals(ProxyFinding.FORWARDED_AS_CAME, verdict.finding(), verdict::toString);
            assertEquals(Outcome.FAIL, verdict.verdict().outcome(), verdict::toString);
            ServerVersion version = proxy.version();
            assertEquals(H2scopeVersion.get().equals(H2scopeVersion.UNKNOWN) ? null : H2scopeVersion.get(),
                    version.isKnown() ? version.version() : null, version::describeWithSource);
            assertTrue(proxy.log().contains("h2scope relay: "), proxy::log);
        }
        assertFalse(relay.isAlive(), "close() stops the relay's process");
    }
}
