package io.h2scope.conformance.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientProfiles;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.client.drive.ServedClient;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.JudgedListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.verdict.Outcome;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code --serve}: every case's URL printed at once, each judged as a client nobody drives fetches it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServedClientTest {

    private final List<Process> fetchers = new ArrayList<>();

    @AfterEach
    void stopFetchers() {
        fetchers.forEach(Process::destroyForcibly);
    }

    @Test
    void eachServedUrlIsJudgedWhenCurlFetchesIt() throws Exception {
        assumeCurl();
        ClientSuiteRunner runner = new ClientSuiteRunner(new ServedClient(Connect.PRIOR_KNOWLEDGE, Duration.ofSeconds(30)),
                Duration.ofSeconds(10), Optional.of(Connect.PRIOR_KNOWLEDGE), false,
                new CaseSelection(List.of("client/3.4", "client/6.7", "client/8.1.1/content-length-above-data"), List.of()));
        List<String> urls = new ArrayList<>();
        ClientRunResult run = runner.serve(ClientSuite.sections(), new JudgedListener() { }, (c, url) -> {
            urls.add(url.toString());
            fetch("curl", "-sS", "--http2-prior-knowledge", "-o", "/dev/null", url.toString());
        });
        assertEquals(run.results().size(), urls.size(), "one URL per case");
        run.results().forEach(r -> assertEquals(Outcome.PASS, r.verdict().outcome(), r.facts().id() + ": " + r.verdict()));
        assertEquals(RunResult.Status.PASSED, run.status());
    }

    @Test
    void overTlsTheServedUrlsAreHttpsWithTheRunsCa() throws Exception {
        assumeCurl();
        ClientSuiteRunner runner = new ClientSuiteRunner(new ServedClient(Connect.TLS, Duration.ofSeconds(30)),
                Duration.ofSeconds(10), Optional.of(Connect.TLS), false,
                new CaseSelection(List.of("client/9.2.2/permitted"), List.of()));
        String ca = runner.certificates().caFile().toString();
        List<String> urls = new ArrayList<>();
        ClientRunResult run = runner.serve(ClientSuite.sections(), new JudgedListener() { }, (c, url) -> {
            urls.add(url.toString());
            fetch("curl", "-sS", "--http2", "--cacert", ca, "-o", "/dev/null", url.toString());
        });
        assertEquals(1, urls.size());
        assertTrue(urls.get(0).startsWith("https://127.0.0.1:"), urls.toString());
        assertEquals(Outcome.PASS, run.results().get(0).verdict().outcome(), run.results().get(0).verdict().toString());
    }

    private static void assumeCurl() {
        assumeTrue(ClientProfiles.all().stream().anyMatch(p -> p.name().equals("curl") && p.missing().get().isEmpty()),
                "curl is not installed here");
    }

    @Test
    void aUrlNobodyFetchesIsInconclusiveAndARunNobodyFetchedIsNotJudged() throws Exception {
        ClientSuiteRunner runner = new ClientSuiteRunner(new ServedClient(Connect.PRIOR_KNOWLEDGE, Duration.ofSeconds(1)),
                Duration.ofSeconds(5), Optional.of(Connect.PRIOR_KNOWLEDGE), false,
                new CaseSelection(List.of("client/3.4"), List.of()));
        ClientRunResult run = runner.serve(ClientSuite.sections(), new JudgedListener() { }, (c, url) -> { });
        assertEquals(Outcome.INCONCLUSIVE, run.results().get(0).verdict().outcome());
        assertTrue(run.results().get(0).verdict().reason().endsWith("was not fetched within 1 s"), run.results().get(0).verdict().reason());
        assertEquals(RunResult.Status.UNREACHABLE, run.status());
    }

    private void fetch(String... command) {
        try {
            fetchers.add(new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
