package io.h2scope.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.support.FakeServer;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.testsupport.LocalPorts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Targets that do not speak HTTP/2, each a real listener: the probe before the run says so in one line, and the run
 * ends there, UNREACHABLE, before any case started (no case reads their octets as frames).
 */
class Http2ProbeTest {

    /** For a target that answers: a wait no loaded machine's delay reaches, which an answer cuts short. */
    private static final PeerOptions PATIENT = PeerOptions.defaults().withTimeout(Duration.ofSeconds(10)).withInsecure(true);
    /** For a target that says nothing to what the probe sends: its test waits the whole time out. */
    private static final PeerOptions FAST = PeerOptions.defaults().withTimeout(Duration.ofMillis(300)).withInsecure(true);

    /** The probe's line for {@code target}, after checking that a run against it ends before any case. */
    private static String notHttp2(Target target) {
        return notHttp2(target, PATIENT);
    }

    private static String notHttp2(Target target, PeerOptions options) {
        String line = Http2Probe.notHttp2(target, options);
        AtomicInteger heard = new AtomicInteger();
        RunResult run = new SuiteRunner(RunConfig.defaults(target).withPeer(options)).run(Suites.all(), new RunListener() {
            @Override
            public void started(int caseCount) {
                heard.incrementAndGet();
            }

            @Override
            public void caseFinished(CaseResult result) {
                heard.incrementAndGet();
            }
        });
        assertEquals(RunResult.Status.UNREACHABLE, run.status(), line);
        assertTrue(run.results().isEmpty(), run.results().size() + " results");
        assertEquals(0, heard.get(), "no case started");
        assertEquals(line, run.diagnosis().orElseThrow(), "the run says what the probe said, nothing more");
        assertEquals(1, line.lines().count(), line);
        return line;
    }

    /** A listener that answers the preface with {@code answer} and keeps the connection open. */
    private static FakeServer answering(String answer) throws IOException {
        return new FakeServer(new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                conn.sendRaw(answer.getBytes(StandardCharsets.US_ASCII));
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) {
            }
        });
    }

    @Test
    void anHttp1StatusLineOfVersion2IsNotHttp2() throws Exception {
        try (FakeServer server = answering("HTTP/2.0 505 HTTP Version Not Supported\r\nContent-Type: text/html\r\n\r\n<html>")) {
            String line = notHttp2(server.target());
            assertTrue(line.endsWith("the target answered the HTTP/2 preface with an HTTP/1 status line "
                    + "\"HTTP/2.0 505 HTTP Version Not Supported\""), line);
        }
    }

    @Test
    void htmlIsNotReadAsAFrame() throws Exception {
        try (FakeServer server = answering("<!DOCTYPE html>\n<html><body>hello</body></html>\n")) {
            String line = notHttp2(server.target());
            assertTrue(line.endsWith("the target answered the HTTP/2 preface with text \"<!DOCTYPE html>\", not HTTP/2 frames"), line);
        }
    }

    @Test
    void pythonsHttpServerIsNotHttp2() throws Exception {
        int port = LocalPorts.freePort();
        Process python;
        try {
            python = new ProcessBuilder("python3", "-m", "http.server", "--bind", "127.0.0.1", String.valueOf(port))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            assumeTrue(false, "python3 is not installed: " + e.getMessage());
            return;
        }
        try {
            LocalPorts.awaitPort(port);
            String line = notHttp2(new Target("python", "127.0.0.1", port, false, "/"));
            assertTrue(line.contains("the target answered the HTTP/2 preface with "), line);
            assertTrue(!line.contains("frame of"), "its answer is never read as a frame: " + line);
        } finally {
            python.destroy();
            python.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aSilentListenerIsNoAnswerAfterTheHandshakesWait() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) { // the kernel accepts; nobody reads
            String line = notHttp2(new Target("silent", "127.0.0.1", silent.getLocalPort(), false, "/"), FAST);
            assertTrue(line.endsWith("no answer to the HTTP/2 preface in 600 ms: the port accepted the connection and sent nothing"), line);
        }
    }

    @Test
    void aTlsPortGivenHttpSaysTryHttps() throws Exception {
        try (ReferenceServerTarget tls = ReferenceServerTarget.of(true)) {
            Target asCleartext = tls.start().withTls(false);
            String line = notHttp2(asCleartext);
            assertTrue(line.endsWith("the port answered with TLS (a TLS alert record): try https://127.0.0.1:" + asCleartext.port() + "/"),
                    line);
        }
    }

    @Test
    void anH2cPortGivenHttpsSaysTryHttp() throws Exception {
        try (ReferenceServerTarget h2c = ReferenceServerTarget.of(false)) {
            Target overTls = h2c.start().withTls(true);
            String line = notHttp2(overTls, FAST); // the h2c port says nothing to a ClientHello: the wait runs out
            assertTrue(line.endsWith("the port answered in cleartext (HTTP/2 frames, h2c): try http://127.0.0.1:" + overTls.port() + "/"),
                    line);
        }
    }

    @Test
    void aClosedPortCannotBeConnectedTo() throws Exception {
        int port = LocalPorts.freePort();
        String line = notHttp2(new Target("closed", "127.0.0.1", port, false, "/"));
        assertTrue(line.endsWith("cannot connect to 127.0.0.1:" + port + ": Connection refused"), line);
    }

    @Test
    void anHttp2ServerPassesTheProbe() throws Exception {
        for (boolean tls : List.of(false, true)) {
            try (ReferenceServerTarget server = ReferenceServerTarget.of(tls)) {
                assertNull(Http2Probe.notHttp2(server.start(), PATIENT));
            }
        }
    }
}
