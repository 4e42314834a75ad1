package io.h2scope.conformance.client;

import io.h2scope.conformance.client.cases.C3_4_Preface;
import io.h2scope.conformance.client.cases.C8_4_ServerPush;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientProfile;
import io.h2scope.conformance.client.drive.ClientProfiles;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.ExecClient;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.client.drive.H2HttpClientUnderTest;
import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The first client cases against real clients: h2scope's own client passes each; curl, nghttp, Node.js and httpx
 * processes each get a verdict that is not INCONCLUSIVE (the stage reached them); a command that never connects is
 * said so, not judged.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ClientSuiteSliceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private static List<ClientSuiteRunner.Result> run(ClientUnderTest client) throws InterruptedException {
        List<ClientSuiteRunner.Result> results = new ClientSuiteRunner(client, TIMEOUT).run(ClientSuite.sections());
        results.forEach(r -> System.out.println(client.name() + " " + r.definition().id() + " " + r.verdict()));
        return results;
    }

    @Test
    void h2scopesOwnClientPassesEveryMustCase() throws Exception {
        passesEveryMustCase(new H2ClientUnderTest());
    }

    /** The drop-in hands the caller what the engine's client does: the same verdicts through the JDK's API. */
    @Test
    void h2scopesDropInPassesEveryMustCase() throws Exception {
        passesEveryMustCase(new H2HttpClientUnderTest());
    }

    private static void passesEveryMustCase(ClientUnderTest client) throws Exception {
        for (ClientSuiteRunner.Result r : run(client)) {
            String id = r.definition().id().value();
            if (id.equals("client/9.2.2/prohibited-cipher-suite") || r.verdict().reason().contains("disabled push")) {
                // cases it cannot be made to exercise: it offers no prohibited TLS 1.2 cipher suite, as it should not,
                // and it disables push unless told (h2scopesOwnClientWithPushPassesThePushCases runs those)
                assertEquals(Outcome.SKIP, r.verdict().outcome(), id + ": " + r.verdict());
            } else if (OwnClientLeniency.accepts(id, r.verdict().outcome())) {
                continue; // PASS-LENIENT by design, as the RFC allows: OwnClientLeniency says why
            } else if (r.definition().level() == Level.MUST) {
                assertEquals(Outcome.PASS, r.verdict().outcome(), id + ": " + r.verdict());
            } else { // a SHOULD case may be SKIP: h2scope's client reopens its windows as fast as data comes
                assertTrue(r.verdict().outcome() == Outcome.PASS || r.verdict().outcome() == Outcome.SKIP,
                        id + ": " + r.verdict());
            }
        }
    }

    @Test
    void h2scopesOwnClientWithPushPassesThePushCases() throws Exception {
        ClientUnderTest pushing = new H2ClientUnderTest((promised, response) -> true);
        for (ClientSuiteRunner.Result r : new ClientSuiteRunner(pushing, TIMEOUT).run(List.of(new C8_4_ServerPush()))) {
            System.out.println(pushing.name() + " " + r.definition().id() + " " + r.verdict());
            Outcome expected = r.definition().id().value().endsWith("when-disabled") ? Outcome.SKIP : Outcome.PASS;
            assertEquals(expected, r.verdict().outcome(), r.definition().id() + ": " + r.verdict());
        }
    }

    /**
     * The smoke run of every client on this machine, on a few cases each reaches the same way (preface, SETTINGS ACK,
     * PING ACK, a malformed response); the whole suite over every client is the client-matrix tests' (-Preal-servers).
     */
    @TestFactory
    List<DynamicTest> eachClientOnThisMachineIsJudgedOnTheSmokeCases() {
        return eachProfileHere(client -> {
            List<ClientSuiteRunner.Result> results = new ClientSuiteRunner(client, TIMEOUT).run(List.of(SMOKE));
            results.forEach(r -> System.out.println(client.name() + " " + r.definition().id() + " " + r.verdict()));
            return results;
        });
    }

    private static final ClientSection SMOKE = new ClientSection() {
        private final List<String> ids = List.of("client/3.4/preface-then-settings", "client/6.5.3/settings-acknowledged",
                "client/6.7/ping-acknowledged", "client/8.1.1/content-length-above-data");

        @Override
        public String id() {
            return "client";
        }

        @Override
        public String title() {
            return "smoke";
        }

        @Override
        public List<ClientCase> cases() {
            List<ClientCase> cases = ClientSuite.cases().stream().filter(c -> ids.contains(c.id().value())).toList();
            assertEquals(ids.size(), cases.size(), "the smoke cases are in the suite");
            return cases;
        }
    };

    /** Runs cases on a client and reports each case's verdict. */
    @FunctionalInterface
    interface Runs {
        List<ClientSuiteRunner.Result> on(ClientUnderTest client) throws InterruptedException;
    }

    /**
     * A test per client profile, skipped with the reason when the client is not on this machine: {@code runs} gives
     * no INCONCLUSIVE (the stage reached the client).
     */
    static List<DynamicTest> eachProfileHere(Runs runs) {
        List<DynamicTest> tests = new ArrayList<>();
        for (ClientProfile profile : ClientProfiles.all()) {
            tests.add(DynamicTest.dynamicTest(profile.name(), () -> {
                assumeTrue(profile.missing().get().isEmpty(), () -> profile.missing().get().orElse(""));
                judgedOnEveryCase(runs.on(ExecClient.of(profile)));
            }));
        }
        return tests;
    }

    /** Asserts that the stage reached the client on every case of {@code results} ({@link ClientSurvey#reached}). */
    static void judgedOnEveryCase(List<ClientSuiteRunner.Result> results) {
        for (ClientSuiteRunner.Result r : results) {
            assertTrue(ClientSurvey.reached(r.verdict()), r.definition().id() + ": " + r.verdict());
        }
    }

    @Test
    void aCommandThatNeverConnectsIsSaidOnceNotJudged() throws Exception {
        ClientSuiteRunner runner = new ClientSuiteRunner(ExecClient.command("true {url}"), Duration.ofSeconds(2));
        Verdict v = runner.run(C3_4_Preface.prefaceThenSettings());
        assertEquals(Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().matches("the client never connected to 127\\.0\\.0\\.1:\\d+: does the command use "
                + "\\{url\\}\\? \\(it ended: .*exit status 0.*\\)"), v.reason());
    }

    @Test
    void aRunWhoseClientNeverConnectsStopsAtItsFirstCase() throws Exception {
        // a case timeout longer than the test's own: a run that waited it out would time the test out
        ClientRunResult run = new ClientSuiteRunner(ExecClient.command("true {url}"), Duration.ofMinutes(10))
                .run(ClientSuite.sections(), new io.h2scope.conformance.runner.JudgedListener() { });
        assertEquals(io.h2scope.conformance.runner.RunResult.Status.UNREACHABLE, run.status());
        // only the cases the command cannot be made to do come before the first that waits for it
        assertTrue(run.results().stream().allMatch(r -> r.verdict().outcome() == Outcome.SKIP), run.results().toString());
        assertTrue(run.notRun() > 0);
        assertEquals(ClientSuite.cases().size(), run.results().size() + run.notRun());
        assertTrue(run.diagnosis().orElseThrow().startsWith("the client never connected to 127.0.0.1:"), run.diagnosis().get());
    }

    @Test
    void aCommandThatDoesNotExistIsSaidOnce() throws Exception {
        ClientRunResult run = new ClientSuiteRunner(ExecClient.command("h2scope-no-such-client {url}"), Duration.ofSeconds(20))
                .run(ClientSuite.sections(), new io.h2scope.conformance.runner.JudgedListener() { });
        assertEquals(io.h2scope.conformance.runner.RunResult.Status.UNREACHABLE, run.status());
        assertTrue(run.diagnosis().orElseThrow().startsWith("the client could not be started: the command could not be run "
                + "(sh exit status 127"), run.diagnosis().get());
    }
}
