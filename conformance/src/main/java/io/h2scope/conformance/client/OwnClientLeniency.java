package io.h2scope.conformance.client;

import io.h2scope.conformance.verdict.Outcome;
import java.util.Map;

/**
 * The cases where h2scope's own client ({@code H2Client}, and its drop-in) is PASS-LENIENT by design, not by a fault
 * of the engine: the RFC allows what it does. The checks that hold it to a PASS on every MUST case (its tests, plain,
 * through the faulty client's relay and from the command line) accept these, and only these.
 */
public final class OwnClientLeniency {

    /** Each case id, with why the client does what it does. */
    static final Map<String, String> CASES = Map.of("client/3.2/upgrade-ignored-http11-response",
            "H2Client speaks only HTTP/2: it fails a request whose Upgrade the server ignored "
                    + "(ProtocolNegotiationException) instead of taking the HTTP/1.1 response, which no RFC sentence "
                    + "demands (RFC 9110 §7.8: the server may ignore the Upgrade)");

    private OwnClientLeniency() {
    }

    /** Whether {@code outcome} on case {@code id} is one of the PASS-LENIENTs above. */
    public static boolean accepts(String id, Outcome outcome) {
        return outcome == Outcome.PASS_LENIENT && CASES.containsKey(id);
    }
}
