package io.h2scope.conformance.client.faulty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.cases.C3_2_Upgrade;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.H2ClientUnderTest;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The h2c Upgrade cases (client/3.2) judged in the default build, quickly (FaultyClientTest runs them with every fault
 * in the client matrix): h2scope's own client gets the verdicts the RFC asks for, plain and through the faulty
 * client's relay without a fault, and each fault of the Upgrade FAILs exactly the cases of its rule.
 */
class UpgradeCasesTest {

    /** Generous for a loaded machine; no case waits on it, each ends when the client acts. */
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String HTTP11_IGNORED = "client/3.2/upgrade-ignored-http11-response";

    private static Map<String, ClientSuiteRunner.Result> run(ClientUnderTest client) throws InterruptedException {
        try (client) {
            return new ClientSuiteRunner(client, TIMEOUT).run(List.of(new C3_2_Upgrade())).stream()
                    .collect(Collectors.toMap(r -> r.definition().id().value(), r -> r, (a, b) -> a, TreeMap::new));
        }
    }

    private static Map<String, Outcome> outcomes(Map<String, ClientSuiteRunner.Result> results) {
        Map<String, Outcome> outcomes = new TreeMap<>();
        results.forEach((id, r) -> outcomes.put(id, r.verdict().outcome()));
        return outcomes;
    }

    /** Every case PASS but the one the RFC leaves open, where an HTTP/2-only client is PASS-LENIENT. */
    private static void judgedAsTheRfcAsks(Map<String, ClientSuiteRunner.Result> results) {
        Map<String, Outcome> expected = new TreeMap<>();
        new C3_2_Upgrade().cases().forEach(c -> expected.put(c.id().value(), Outcome.PASS));
        expected.put(HTTP11_IGNORED, Outcome.PASS_LENIENT);
        assertEquals(expected, outcomes(results), results.toString());
    }

    @Test
    void h2scopesOwnClientRefusesEveryWrongAnswer() throws Exception {
        Map<String, ClientSuiteRunner.Result> results = run(new H2ClientUnderTest());
        judgedAsTheRfcAsks(results);
        assertTrue(results.get(HTTP11_IGNORED).verdict().reason().contains("ProtocolNegotiationException"),
                results.get(HTTP11_IGNORED).verdict().toString());
        // the server's wrong answer is evidence, next to the client's request
        String evidence = results.get("client/3.2/switching-protocols-to-websocket").evidence().toString();
        assertTrue(evidence.contains("HTTP/1.1 answer: HTTP/1.1 101 Switching Protocols | Connection: Upgrade | "
                + "Upgrade: websocket"), evidence);
        assertTrue(evidence.contains("upgrade: h2c"), evidence);
    }

    @Test
    void throughTheRelayWithoutAFaultTheVerdictsAreTheSame() throws Exception {
        judgedAsTheRfcAsks(run(new FaultyClient(ClientFault.NONE)));
    }

    @ParameterizedTest
    @EnumSource(names = {"UPGRADE_REFUSAL_SWITCHED", "UPGRADE_TOKEN_MADE_H2C", "SERVER_PREFACE_INSERTED"})
    void eachUpgradeFaultFailsExactlyTheCasesOfItsRule(ClientFault fault) throws Exception {
        Map<String, ClientSuiteRunner.Result> results = run(new FaultyClient(fault));
        Set<String> failed = results.entrySet().stream()
                .filter(e -> e.getValue().verdict().outcome() == Outcome.FAIL).map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> ofItsRule = fault.caughtBy().stream().filter(id -> id.startsWith("client/3.2/"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(ofItsRule, failed, results.toString());
    }
}
