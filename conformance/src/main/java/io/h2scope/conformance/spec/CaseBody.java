package io.h2scope.conformance.spec;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.verdict.Verdict;

/**
 * What a case does on its own fresh, connected (not yet hand-shaken) peer. It usually calls
 * {@link Peer#handshake()}, sends what it tests and ends with one {@code Expect} call.
 * Throwing {@code HandshakeException} makes the case INCONCLUSIVE.
 */
@FunctionalInterface
public interface CaseBody {
    Verdict run(Peer peer) throws Exception;
}
