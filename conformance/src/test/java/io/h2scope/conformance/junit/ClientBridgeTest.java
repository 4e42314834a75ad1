package io.h2scope.conformance.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.h2scope.conformance.client.cases.C3_4_Preface;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientTask;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.ExecClient;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.client.drive.JdkHttpClientUnderTest;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The client bridge as a JVM client's build runs it: h2scope's own client passes every case (its XML report names
 * each test by case id), and, launched here, a client that breaks a rule fails that case with the verdict's expected
 * and actual, one that cannot speak prior knowledge has every case skipped with the reason, and one that never
 * connects fails once with every case not run.
 */
class ClientBridgeTest {

    @TestFactory
    Stream<DynamicNode> http2ClientConformance() {
        return ClientConformanceTests.forClient(new H2ClientUnderTest());
    }

    /** Runs only when launched below (Surefire leaves nested classes out). */
    static class PingInsteadOfSettings {
        @TestFactory
        Stream<DynamicNode> cases() {
            return ClientConformanceTests.forSections(new PingFirstClient(), Duration.ofSeconds(5), false,
                    List.of(new C3_4_Preface()), ClientConformanceTests::check);
        }
    }

    static class NoPriorKnowledge {
        @TestFactory
        Stream<DynamicNode> cases() {
            return ClientConformanceTests.forClient(new JdkHttpClientUnderTest());
        }
    }

    static class NeverConnects {
        @TestFactory
        Stream<DynamicNode> cases() {
            return ClientConformanceTests.forClient(ExecClient.command("true {url}"), Duration.ofSeconds(1), false);
        }
    }

    @Test
    void aBrokenRuleFailsItsCaseWithExpectedAndActual() {
        Map<String, TestExecutionResult> results = launch(PingInsteadOfSettings.class);
        assertEquals(List.of("ping-first" + ClientConformanceTests.CONNECTS, "client/3.4/preface-then-settings"),
                List.copyOf(results.keySet()));
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, results.get("ping-first" + ClientConformanceTests.CONNECTS).getStatus());
        Throwable failure = results.get("client/3.4/preface-then-settings").getThrowable().orElseThrow();
        AssertionFailedError failed = assertInstanceOf(AssertionFailedError.class, failure, String.valueOf(failure));
        assertTrue(failed.isExpectedDefined() && failed.isActualDefined(), failed.toString());
        assertTrue(failed.getMessage().startsWith("client/3.4/preface-then-settings FAILED (MUST)\nrule (RFC 9113 §3.4): "),
                failed.getMessage());
        assertTrue(String.valueOf(failed.getActual().getValue()).contains("PING"), failed.getActual().toString());
    }

    @Test
    void aCaseTheClientCannotExerciseIsSkippedWithTheReason() {
        Map<String, TestExecutionResult> results = launch(NoPriorKnowledge.class);
        assertEquals(1 + ClientSuite.cases().size(), results.size(), results.keySet().toString());
        // the cases over h2c with prior knowledge; the Upgrade and TLS cases run; a SHOULD case is left out without
        // --strict before the client is asked anything
        List<String> priorKnowledge = ClientSuite.cases().stream()
                .filter(c -> c.connect().equals(java.util.Optional.of(io.h2scope.conformance.client.drive.Connect.PRIOR_KNOWLEDGE)))
                .map(c -> c.id().value()).toList();
        java.util.Set<String> should = ClientSuite.cases().stream()
                .filter(c -> c.level() == io.h2scope.conformance.spec.Level.SHOULD).map(c -> c.id().value())
                .collect(java.util.stream.Collectors.toSet());
        assertFalse(priorKnowledge.isEmpty());
        priorKnowledge.forEach(id -> {
            assertEquals(TestExecutionResult.Status.ABORTED, results.get(id).getStatus(), id);
            assertEquals(should.contains(id) ? "SKIP: SHOULD-level rule: runs only with --strict"
                    : "SKIP: jdk-httpclient cannot speak h2c with prior knowledge",
                    results.get(id).getThrowable().orElseThrow().getMessage(), id);
        });
    }

    @Test
    void aClientThatNeverConnectsFailsOnceAndNoCaseRuns() {
        Map<String, TestExecutionResult> results = launch(NeverConnects.class);
        TestExecutionResult first = results.get("exec" + ClientConformanceTests.CONNECTS);
        assertEquals(TestExecutionResult.Status.FAILED, first.getStatus());
        assertTrue(first.getThrowable().orElseThrow().getMessage().startsWith("the client never connected to 127.0.0.1:"),
                first.toString());
        results.entrySet().stream().skip(1).forEach(e -> {
            assertEquals(TestExecutionResult.Status.ABORTED, e.getValue().getStatus(), e.getKey());
            assertInstanceOf(TestAbortedException.class, e.getValue().getThrowable().orElseThrow());
            assertTrue(e.getValue().getThrowable().orElseThrow().getMessage().startsWith("not run: the client never connected"));
        });
    }

    /** Each test's display name and result, in the order they ran. */
    private static Map<String, TestExecutionResult> launch(Class<?> tests) {
        Map<String, TestExecutionResult> results = new LinkedHashMap<>();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(tests)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                        if (id.isTest()) {
                            results.put(id.getDisplayName(), result);
                        }
                    }
                });
        return results;
    }

    /**
     * Sends the preface and then a PING where RFC 9113 §3.4 wants SETTINGS, then an ordinary GET, and reads until the
     * response's END_STREAM (or the end of the connection) before it hangs up.
     */
    private static final class PingFirstClient implements ClientUnderTest {
        @Override
        public String name() {
            return "ping-first";
        }

        @Override
        public Set<ClientAbility> abilities() {
            return EnumSet.of(ClientAbility.PRIOR_KNOWLEDGE);
        }

        @Override
        public List<ClientOutcome> fetch(ClientTask task) {
            URI url = task.requests().get(0).url();
            try (Socket socket = new Socket(url.getHost(), url.getPort())) {
                socket.setSoTimeout((int) task.timeout().toMillis());
                OutputStream out = socket.getOutputStream();
                out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.write(new byte[] {0, 0, 8, 6, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8}); // PING, stream 0
                // HEADERS, stream 1, END_STREAM|END_HEADERS: GET http / (static table), :authority "x"
                out.write(new byte[] {0, 0, 6, 1, 5, 0, 0, 0, 1, (byte) 0x82, (byte) 0x86, (byte) 0x84, 0x41, 1, 'x'});
                out.flush();
                DataInputStream in = new DataInputStream(socket.getInputStream());
                byte[] head = new byte[9];
                while (true) {
                    in.readFully(head);
                    int length = (head[0] & 0xff) << 16 | (head[1] & 0xff) << 8 | head[2] & 0xff;
                    in.skipNBytes(length);
                    if (head[3] == 0 && (head[4] & 1) != 0) { // DATA with END_STREAM
                        break;
                    }
                }
            } catch (java.io.IOException e) {
                // the stage judges what arrived
            }
            return List.of(new ClientOutcome(ClientOutcome.Kind.FAILED, -1, -1, "hung up", Duration.ZERO));
        }
    }
}
