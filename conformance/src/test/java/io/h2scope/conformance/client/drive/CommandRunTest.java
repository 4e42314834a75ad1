package io.h2scope.conformance.client.drive;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A client command that hangs, floods its output or does not exist costs the run a bounded time and nothing more. */
@Timeout(120)
class CommandRunTest {

    private static ClientTask oneRequest(Duration timeout) {
        return new ClientTask(List.of(ClientRequest.get(URI.create("http://127.0.0.1:1/c"))), Connect.PRIOR_KNOWLEDGE,
                null, timeout);
    }

    @Test
    void aHangingCommandIsStoppedAtTheTimeoutWithEveryProcessItStarted() throws Exception {
        // the child prints its pid, then both wait far beyond the timeout
        CommandRun.Result r = CommandRun.run("sleep 600 & echo child=$!; sleep 600", Duration.ofSeconds(1), null, Map.of());
        assertTrue(r.timedOut(), r.toString());
        long child = Long.parseLong(r.output().text().replaceAll("(?s).*child=(\\d+).*", "$1"));
        ProcessHandle.of(child).ifPresent(h -> h.onExit().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).join());
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the background child is gone");
    }

    @Test
    void aTimedOutClientIsReportedAsSuch() throws Exception {
        List<ClientOutcome> outcomes = ExecClient.command("echo starting {url}; sleep 600").fetch(oneRequest(Duration.ofMillis(500)));
        assertEquals(ClientOutcome.Kind.TIMED_OUT, outcomes.get(0).kind());
        assertTrue(outcomes.get(0).detail().contains("stopped after 500 ms (the case's timeout), with every process it "
                + "started; output: starting http://127.0.0.1:1/c"), outcomes.get(0).detail());
    }

    @Test
    void megabytesOfOutputKeepOnlyTheirTail() throws Exception {
        CommandRun.Result r = CommandRun.run("head -c 5000000 /dev/zero | tr '\\0' x; echo; echo the-end",
                Duration.ofSeconds(60), null, Map.of());
        assertEquals(0, r.exitStatus());
        assertEquals(5_000_009, r.output().total());
        assertEquals(OutputTail.DEFAULT_CAP, r.output().text().length());
        assertTrue(r.output().lastLines(1).startsWith("... the-end (5000009 octets printed in all)"), r.output().lastLines(1));
    }

    @Test
    void aCommandThatDoesNotExistIsNotStarted() throws Exception {
        List<ClientOutcome> outcomes = ExecClient.command("no-such-h2-client-here {url}").fetch(oneRequest(Duration.ofSeconds(30)));
        assertEquals(ClientOutcome.Kind.NOT_STARTED, outcomes.get(0).kind());
        assertTrue(outcomes.get(0).detail().startsWith("the command could not be run (sh exit status 127: is it "
                + "installed and on PATH?); output: "), outcomes.get(0).detail());
        assertTrue(outcomes.get(0).detail().contains("no-such-h2-client-here"), outcomes.get(0).detail());
    }
}
