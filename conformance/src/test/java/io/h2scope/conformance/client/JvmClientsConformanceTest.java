package io.h2scope.conformance.client;

import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.client.drive.JdkHttpClientUnderTest;
import io.h2scope.conformance.client.drive.JvmClients;
import io.h2scope.conformance.junit.ClientConformanceTests;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.TestAbortedException;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client suite over every JVM client this repository drives in process, through the JUnit bridge as a client's
 * own build would run it. A FAIL of a well-known client is a finding (docs/CLIENTS.md), not a broken build: each case
 * is printed with its verdict, and a test fails only when the stage could not judge a client that could act
 * (INCONCLUSIVE). A case the client cannot be made to exercise is aborted (shown as skipped) with the reason.
 */
@Tag("client-matrix") // every client on this machine over whole sections: minutes; mvn -Preal-servers (.ci/run, JDK 17)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class JvmClientsConformanceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TestFactory
    Stream<DynamicNode> okhttp() {
        return survey(JvmClients.okhttp());
    }

    @TestFactory
    Stream<DynamicNode> jetty() {
        return survey(JvmClients.jetty());
    }

    @TestFactory
    Stream<DynamicNode> netty() {
        return survey(JvmClients.netty());
    }

    @TestFactory
    Stream<DynamicNode> jdkHttpClient() {
        return survey(new JdkHttpClientUnderTest());
    }

    @TestFactory
    Stream<DynamicNode> h2scope() {
        return survey(new H2ClientUnderTest());
    }

    private static Stream<DynamicNode> survey(ClientUnderTest client) {
        return ClientConformanceTests.forSections(client, TIMEOUT, false, ClientSuite.sections(), (c, verdict) -> {
            System.out.println("client-verdict " + client.name() + " " + c.id() + " " + verdict);
            if (verdict.outcome() == Outcome.SKIP) {
                throw new TestAbortedException(verdict.reason());
            }
            assertTrue(ClientSurvey.reached(verdict), c.id() + ": " + verdict);
        });
    }
}
