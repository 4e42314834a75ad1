package io.h2scope.conformance.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientTask;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How {@link ClientJudge} weighs what a client sent against what it told its caller, on the content-length case (the
 * server answers content-length 10 with 5 octets): a scripted client plays each behaviour.
 */
@Timeout(120)
class ClientJudgeTest {

    private static final ClientCase CONTENT_LENGTH = ClientSuite.cases().stream()
            .filter(c -> c.id().value().equals("client/8.1.1/content-length-above-data")).findFirst().orElseThrow();

    /** What the scripted client does once the malformed response has ended. */
    private enum Behaviour { RESET_AND_FAIL, RESET_AND_HANG, CLOSE_AND_FAIL, CANCEL_AND_FAIL, REPORT_SUCCESS }

    private static Verdict judge(Behaviour behaviour) throws InterruptedException {
        return new ClientSuiteRunner(new Scripted(behaviour), Duration.ofSeconds(20)).run(CONTENT_LENGTH);
    }

    @Test
    void theRfcsFrameAndAFailedRequestPass() throws Exception {
        Verdict v = judge(Behaviour.RESET_AND_FAIL);
        assertEquals(Outcome.PASS, v.outcome(), v.toString());
    }

    @Test
    void theRightFrameButACallerNeverToldFails() throws Exception {
        Verdict v = judge(Behaviour.RESET_AND_HANG);
        assertEquals(Outcome.FAIL, v.outcome(), v.toString());
        assertTrue(v.toString().contains("left the request hanging"), v.toString());
    }

    @Test
    void aFailedRequestWithoutTheFrameOrWithAnotherCodeIsLenient() throws Exception {
        assertEquals(Outcome.PASS_LENIENT, judge(Behaviour.CLOSE_AND_FAIL).outcome());
        assertEquals(Outcome.PASS_LENIENT, judge(Behaviour.CANCEL_AND_FAIL).outcome());
    }

    @Test
    void aMalformedResponseReportedAsASuccessFails() throws Exception {
        Verdict v = judge(Behaviour.REPORT_SUCCESS);
        assertEquals(Outcome.FAIL, v.outcome(), v.toString());
        assertTrue(v.toString().contains("reported the response as a success"), v.toString());
    }

    /** A client on the scripted peer: greets, asks for /, reads the response to its end, then does as told. */
    private record Scripted(Behaviour behaviour) implements ClientUnderTest {
        @Override
        public String name() {
            return "scripted-" + behaviour;
        }

        @Override
        public Set<ClientAbility> abilities() {
            return EnumSet.of(ClientAbility.PRIOR_KNOWLEDGE);
        }

        @Override
        public List<ClientOutcome> fetch(ClientTask task) {
            URI url = task.requests().get(0).url();
            ClientOutcome.Kind kind = switch (behaviour) {
                case RESET_AND_HANG -> ClientOutcome.Kind.TIMED_OUT;
                case REPORT_SUCCESS -> ClientOutcome.Kind.RESPONSE;
                default -> ClientOutcome.Kind.FAILED;
            };
            try (ScriptedPeer peer = ScriptedPeer.connect(url.getPort())) {
                peer.greet().get(1, "/");
                peer.await(f -> f instanceof DataFrame d && d.endStream());
                switch (behaviour) {
                    case RESET_AND_FAIL, RESET_AND_HANG -> peer.send(RstStreamFrame.of(1, ErrorCode.PROTOCOL_ERROR));
                    case CANCEL_AND_FAIL -> peer.send(RstStreamFrame.of(1, ErrorCode.CANCEL));
                    default -> { }
                }
            } catch (IOException e) {
                kind = ClientOutcome.Kind.FAILED;
            }
            return List.of(new ClientOutcome(kind, kind == ClientOutcome.Kind.RESPONSE ? 200 : -1, 5, behaviour.name(),
                    Duration.ZERO));
        }
    }
}
