package io.h2scope.conformance.client;

import io.h2scope.conformance.client.cases.C10_5_DenialOfService;
import io.h2scope.conformance.client.cases.C6_4_RstStream;
import io.h2scope.conformance.client.cases.C6_8_GoAway;
import io.h2scope.conformance.client.cases.C8_1_HttpMessages;
import io.h2scope.conformance.client.cases.C8_2_HttpFields;
import io.h2scope.conformance.client.cases.C8_3_ControlData;
import io.h2scope.conformance.client.cases.C8_4_ServerPush;
import io.h2scope.conformance.client.cases.C8_7_RequestReliability;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.verdict.Outcome;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The §8 and connection-life sections (HTTP semantics, RST_STREAM, GOAWAY, retries) against the clients on this
 * machine: h2scope's own client passes every MUST case; curl, nghttp, h2load, Node.js, httpx and Go get a verdict on
 * each case (no INCONCLUSIVE: the stage reached them), each client's run bounded by a short per-case timeout. The
 * clients run at once, as many as conformance/pom.xml's JUnit parallelism allows: each client's run mostly waits, and
 * each still gets its cases one after the other. OkHttp, Jetty and Netty are held to the same on these sections (and
 * every other) by JvmClientsConformanceTest, same tag: not run twice.
 */
@Tag("client-matrix") // every client on this machine over whole sections: minutes; mvn -Preal-servers (.ci/run, JDK 17)
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class ClientHttpSectionsTest {

    /** Per case: a conformant client finishes in well under a second; a hanging one costs this. */
    /** The lock that keeps h2scope's own client from running beside the other clients. */
    private static final String ALONE = "h2scope's own client alone";
    private static final Duration TIMEOUT = Duration.ofSeconds(4);

    static List<ClientSection> sections() {
        return List.of(new C6_4_RstStream(), new C6_8_GoAway(), new C8_1_HttpMessages(), new C8_2_HttpFields(),
                new C8_3_ControlData(), new C8_4_ServerPush(), new C8_7_RequestReliability(),
                new C10_5_DenialOfService());
    }

    private static List<ClientSuiteRunner.Result> run(ClientUnderTest client) throws InterruptedException {
        return ClientSurvey.survey(client, sections(), TIMEOUT);
    }

    @Test
    @ResourceLock(ALONE) // held to PASS on every MUST case within a short timeout: no other client runs beside it
    void h2scopesOwnClientPassesEveryMustCase() throws Exception {
        for (ClientSuiteRunner.Result r : run(new H2ClientUnderTest())) {
            // SKIP: a push case for a client that disabled push (the other push case judges it)
            if (r.definition().level() == Level.MUST && r.verdict().outcome() != Outcome.SKIP) {
                assertEquals(Outcome.PASS, r.verdict().outcome(), r.definition().id() + ": " + r.verdict());
            }
        }
    }

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT) // its dynamic tests, one per client, run at once
    @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ) // beside each other, not beside h2scope's own client
    List<DynamicTest> eachClientOnThisMachineGetsAVerdictOnEveryCase() {
        return ClientSuiteSliceTest.eachProfileHere(ClientHttpSectionsTest::run);
    }
}
