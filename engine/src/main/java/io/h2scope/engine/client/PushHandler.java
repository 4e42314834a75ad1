package io.h2scope.engine.client;

import java.util.concurrent.CompletableFuture;

/**
 * Decides about a server push (PUSH_PROMISE, RFC 9113 §8.4). Called on the connection's loop thread:
 * decide quickly, and do the work in a stage of {@code response}, which completes on the client's executor.
 */
@FunctionalInterface
public interface PushHandler {

    /**
     * @param promised the request the server promises to answer (its method, URI and headers)
     * @param response completes with the pushed response and its whole body, if accepted
     * @return false to refuse: the promised stream is reset with CANCEL (RFC 9113 §8.4.2)
     */
    boolean accept(H2Request promised, CompletableFuture<H2Response<byte[]>> response);
}
