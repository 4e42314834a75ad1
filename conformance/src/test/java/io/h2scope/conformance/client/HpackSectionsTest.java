package io.h2scope.conformance.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.client.cases.H4_3_FieldSectionCompression;
import io.h2scope.conformance.client.cases.Hpack2_Tables;
import io.h2scope.conformance.client.cases.Hpack4_DynamicTable;
import io.h2scope.conformance.client.cases.Hpack5_Primitives;
import io.h2scope.conformance.client.cases.Hpack6_Representations;
import io.h2scope.conformance.client.drive.ClientProfile;
import io.h2scope.conformance.client.drive.ClientProfiles;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.ExecClient;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.client.drive.JdkHttpClientUnderTest;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HPACK sections (RFC 7541, RFC 9113 §4.3) against every client on this machine: h2scope's own client passes
 * every MUST case; the JDK HttpClient and each client command get a verdict on every case that is not INCONCLUSIVE
 * (a client that lacks a program is skipped, naming the package). Each case waits at most {@link #TIMEOUT} for a
 * client, so a client that hangs on every case is still judged within the class's bound. The client commands run at
 * once, as many as conformance/pom.xml's JUnit parallelism allows: each one's run mostly waits, and each still gets its
 * cases one after the other.
 */
@Tag("client-matrix") // every client on this machine over whole sections: minutes; mvn -Preal-servers (.ci/run, JDK 17)
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class HpackSectionsTest {

    /** The lock that keeps h2scope's own client from running beside the other clients. */
    private static final String ALONE = "h2scope's own client alone";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    static List<ClientSection> sections() {
        return List.of(new H4_3_FieldSectionCompression(), new Hpack2_Tables(), new Hpack4_DynamicTable(),
                new Hpack5_Primitives(), new Hpack6_Representations());
    }

    private static List<ClientSuiteRunner.Result> run(ClientUnderTest client) throws InterruptedException {
        return ClientSurvey.survey(client, sections(), TIMEOUT);
    }

    @Test
    void atLeastThirtyFiveCasesEachWithItsSection() {
        List<ClientCase> cases = sections().stream().flatMap(s -> s.cases().stream()).toList();
        assertTrue(cases.size() >= 35, cases.size() + " cases");
        for (ClientCase c : cases) {
            assertTrue(c.rfc().startsWith(c.id().value().startsWith("client/hpack/") ? "RFC 7541 §" : "RFC 9113 §4.3"),
                    c.id() + " is in the wrong RFC: " + c.rfc());
        }
    }

    @Test
    @ResourceLock(ALONE) // held to PASS on every MUST case within a short timeout: no other client runs beside it
    void h2scopesOwnClientPassesEveryMustCase() throws Exception {
        for (ClientSuiteRunner.Result r : run(new H2ClientUnderTest())) {
            if (r.definition().level() == Level.MUST) {
                assertEquals(Outcome.PASS, r.verdict().outcome(), r.definition().id() + ": " + r.verdict());
            }
        }
    }

    @Test
    void theJdkClientIsJudgedOnEveryCase() throws Exception {
        for (ClientSuiteRunner.Result r : run(new JdkHttpClientUnderTest())) {
            assertTrue(ClientSurvey.reached(r.verdict()), r.definition().id() + ": " + r.verdict());
        }
    }

    static List<String> profiles() {
        return ClientProfiles.all().stream().map(ClientProfile::name).toList();
    }

    @ParameterizedTest
    @MethodSource("profiles")
    @Execution(ExecutionMode.CONCURRENT) // one invocation per client, at once
    @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ) // beside each other, not beside h2scope's own client
    void eachClientCommandIsJudgedOnEveryCase(String name) throws Exception {
        ClientProfile profile = ClientProfiles.named(name);
        assumeTrue(profile.missing().get().isEmpty(), () -> profile.missing().get().orElse(""));
        run(ExecClient.of(profile)).forEach(r -> assertTrue(ClientSurvey.reached(r.verdict()),
                r.definition().id() + ": " + r.verdict()));
    }
}
