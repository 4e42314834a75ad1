package io.h2scope.conformance.client;

import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.client.drive.H2HttpClientUnderTest;
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
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.opentest4j.TestAbortedException;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client suite over every JVM client this repository drives in process, through the JUnit bridge as a client's
 * own build would run it. A FAIL of a well-known client is a finding (docs/CLIENTS.md), not a broken build: each case
 * is printed with its verdict, and a test fails only when the stage could not judge a client that could act
 * (INCONCLUSIVE). A case the client cannot be made to exercise is aborted (shown as skipped) with the reason.
 *
 * The clients run at once, as many as conformance/pom.xml's JUnit parallelism allows (3): a client's run mostly waits
 * (a case it leaves hanging waits out the whole timeout), so they overlap without the cores becoming the limit. Only
 * the factories run concurrently (the class, and every other test, stay in one thread); each factory's lock of its
 * own keeps its cases one after the other in its thread (JUnit runs the descendants of a locked node in the same
 * thread), as when the client runs alone.
 */
@Tag("client-matrix") // every client on this machine over whole sections: minutes; mvn -Preal-servers (.ci/run, JDK 17)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class JvmClientsConformanceTest {

    /**
     * Per case, as {@code conform-client} judges a client by default (and FaultyClientTest h2scope's own client): the
     * slowest case these clients finish, an upload paced by the server's grants (client/6.9.1/upload-within-stream-
     * window), takes 2.5 s, the others well under a second; a request a client leaves hanging costs the whole wait.
     */
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock("jvm-client-okhttp")
    Stream<DynamicNode> okhttp() {
        return survey(JvmClients.okhttp());
    }

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock("jvm-client-jetty")
    Stream<DynamicNode> jetty() {
        return survey(JvmClients.jetty());
    }

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock("jvm-client-netty")
    Stream<DynamicNode> netty() {
        return survey(JvmClients.netty());
    }

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock("jvm-client-jdkHttpClient")
    Stream<DynamicNode> jdkHttpClient() {
        return survey(new JdkHttpClientUnderTest());
    }

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock("jvm-client-h2scope")
    Stream<DynamicNode> h2scope() {
        return survey(new H2ClientUnderTest());
    }

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock("jvm-client-h2scope-dropin")
    Stream<DynamicNode> h2scopeDropIn() {
        return survey(new H2HttpClientUnderTest());
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
