package io.h2scope.conformance.client.drive;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a command's exit status and report lines become what the client reported for each request. */
@Timeout(60)
class ExecClientOutcomesTest {

    private static final URI A = URI.create("http://127.0.0.1:9/a");
    private static final URI B = URI.create("http://127.0.0.1:9/b");
    private static final ClientTask TWO = new ClientTask(List.of(ClientRequest.get(A), ClientRequest.get(B)),
            Connect.PRIOR_KNOWLEDGE, null, Duration.ofSeconds(30));

    private static List<ClientOutcome> run(String script) throws InterruptedException {
        return ExecClient.command(script + " # {urls}").fetch(TWO);
    }

    @Test
    void reportLinesAreMatchedToTheirRequestsByUrlInAnyOrder() throws Exception {
        List<ClientOutcome> o = run("echo 'h2scope-outcome 92 0 0 " + B + " Stream error in the HTTP/2 framing layer'; "
                + "echo 'h2scope-outcome 0 200 5 " + A + "'; exit 92");
        assertEquals(ClientOutcome.Kind.RESPONSE, o.get(0).kind(), o.toString());
        assertEquals(200, o.get(0).status());
        assertEquals(5, o.get(0).bodyOctets());
        assertEquals(ClientOutcome.Kind.FAILED, o.get(1).kind(), o.toString());
        assertEquals("error 92 (Stream error in the HTTP/2 framing layer), exit status 92", o.get(1).detail());
    }

    @Test
    void whatACommandReportedBeforeItWasStoppedStandsTheRestTimedOut() throws Exception {
        ClientTask quick = new ClientTask(TWO.requests(), Connect.PRIOR_KNOWLEDGE, null, Duration.ofSeconds(1));
        List<ClientOutcome> o = ExecClient.command("echo 'h2scope-outcome LocalProtocolError 0 0 " + B
                + " Invalid table index 62'; sleep 30 # {urls}").fetch(quick);
        assertEquals(ClientOutcome.Kind.TIMED_OUT, o.get(0).kind(), o.toString());
        assertEquals(ClientOutcome.Kind.FAILED, o.get(1).kind(), o.toString());
        assertTrue(o.get(1).detail().startsWith("error LocalProtocolError (Invalid table index 62), reported before it "
                + "was stopped after 1000 ms"), o.get(1).detail());
    }

    @Test
    void withoutReportLinesTheExitStatusSpeaksForEveryRequest() throws Exception {
        List<ClientOutcome> ok = run("echo fine");
        assertTrue(ok.stream().allMatch(ClientOutcome::reportedSuccess), ok.toString());
        assertEquals(-1, ok.get(0).status());
        List<ClientOutcome> failed = run("echo '[ERROR] stream 1 closed with error code PROTOCOL_ERROR'; exit 1");
        assertTrue(failed.stream().noneMatch(ClientOutcome::reportedSuccess), failed.toString());
        assertEquals("exit status 1; output: [ERROR] stream 1 closed with error code PROTOCOL_ERROR", failed.get(0).detail());
    }

    @Test
    void h2loadsSummaryTellsFailuresItsExitStatusHides() {
        ClientProfile h2load = ClientProfiles.named("h2load");
        String bad = "requests: 2 total, 2 started, 1 done, 1 succeeded, 0 failed, 1 errored, 0 timeout";
        assertEquals("h2load: " + bad, h2load.failureText().apply("finished in 3ms\n" + bad + "\n").orElseThrow());
        assertFalse(h2load.failureText().apply("requests: 2 total, 2 started, 2 done, 1 succeeded, 1 failed, "
                + "0 errored, 0 timeout").isPresent(), "a 404 is a response h2load delivered, not a client failure");
        assertTrue(h2load.failureText().apply("connect: Connection refused").isPresent());
    }

    @Test
    void anUnknownProfileNamesTheOnesThereAre() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ClientProfiles.named("wget"));
        assertEquals("no client profile \"wget\"; there are: curl, nghttp, h2load, node, python-httpx, go, chromium (or give a "
                + "command line with --exec)", e.getMessage());
    }
}
