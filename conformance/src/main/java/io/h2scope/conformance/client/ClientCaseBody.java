package io.h2scope.conformance.client;

import io.h2scope.conformance.verdict.Verdict;

/** What a client case does on its stage: starts the client, plays the server's part, judges. */
@FunctionalInterface
public interface ClientCaseBody {
    Verdict run(ClientStage stage) throws Exception;
}
