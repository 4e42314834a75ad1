package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientSurvey;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.drive.ClientProfile;
import io.h2scope.conformance.client.drive.ClientProfiles;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.ExecClient;
import io.h2scope.conformance.verdict.Outcome;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The RFC 9113 §4 to §6 client sections against each real client on this machine: a verdict on every case (none
 * INCONCLUSIVE), and no FAIL for nghttp2's clients; a client that is absent is skipped with its reason. The verdicts
 * are printed per client with their counts and time. The clients run at once, as many as conformance/pom.xml's JUnit
 * parallelism allows: each client's run mostly waits (a case it leaves hanging waits out the whole timeout), and each
 * still gets its cases one after the other. (h2scope's own client is held to every MUST case by
 * ClientSuiteSliceTest, which runs every section.)
 */
@Tag("client-matrix") // every client on this machine over whole sections: minutes; mvn -Preal-servers (.ci/run, JDK 17)
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class FramesSectionsRealClientsTest {

    /**
     * Per case: the slowest case a client here finishes, an upload paced by the server's grants
     * (client/6.9.1/upload-within-stream-window), takes under 3 s; a case a client leaves hanging waits all of it.
     */
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Set<String> NGHTTP2 = Set.of("nghttp", "h2load");

    static List<ClientSection> sections() {
        return List.of(new C4_1_FrameFormat(), new C4_2_FrameSize(), new C5_1_StreamStates(),
                new C5_1_2_StreamConcurrency(), new C5_5_Extending(), new C6_1_Data(), new C6_2_Headers(),
                new C6_3_Priority(), new C6_5_Settings(), new C6_7_Ping(), new C6_9_WindowUpdate(),
                new C6_10_Continuation());
    }

    private static List<ClientSuiteRunner.Result> run(ClientUnderTest client) throws InterruptedException {
        return ClientSurvey.survey(client, sections(), TIMEOUT);
    }

    @TestFactory
    @Execution(ExecutionMode.CONCURRENT) // its dynamic tests, one per client, run at once
    List<DynamicTest> eachRealClientGetsAVerdictOnEveryCase() {
        List<DynamicTest> tests = new ArrayList<>();
        for (ClientProfile profile : ClientProfiles.all()) {
            tests.add(DynamicTest.dynamicTest(profile.name(), () -> {
                assumeTrue(profile.missing().get().isEmpty(), () -> profile.missing().get().orElse(""));
                // nghttp2 is the reference implementation: its clients break none of these rules
                Set<Outcome> never = NGHTTP2.contains(profile.name()) ? EnumSet.of(Outcome.INCONCLUSIVE, Outcome.FAIL)
                        : EnumSet.of(Outcome.INCONCLUSIVE);
                List<String> wrong = run(ExecClient.of(profile)).stream()
                        .filter(r -> never.contains(r.verdict().outcome())
                                && !(r.verdict().outcome() == Outcome.INCONCLUSIVE && ClientSurvey.reached(r.verdict())))
                        .map(r -> r.definition().id() + ": " + r.verdict()).toList();
                assertEquals(List.of(), wrong);
            }));
        }
        return tests;
    }
}
