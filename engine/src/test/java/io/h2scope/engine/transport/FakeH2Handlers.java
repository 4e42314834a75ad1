package io.h2scope.engine.transport;

import io.h2scope.engine.transport.http1.H2Handlers;
import io.h2scope.engine.transport.http1.H2cUpgrade;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * Stands in for the HTTP/2 core in transport tests: records what reaches "the h2 side" and, once the
 * 24-byte client preface is in, answers "h2 ok\n" so a client can tell the hand-over worked.
 */
public final class FakeH2Handlers implements H2Handlers {

    public static final String ANSWER = "h2 ok\n";

    public final CompletableFuture<RecordingHandler> priorKnowledge = new CompletableFuture<>();
    public final CompletableFuture<H2cUpgrade> upgrade = new CompletableFuture<>();
    public final CompletableFuture<RecordingHandler> upgraded = new CompletableFuture<>();

    @Override
    public ConnectionHandler priorKnowledge() {
        RecordingHandler handler = answeringAfterPreface();
        priorKnowledge.complete(handler);
        return handler;
    }

    @Override
    public ConnectionHandler upgraded(H2cUpgrade request) {
        upgrade.complete(request);
        RecordingHandler handler = answeringAfterPreface();
        upgraded.complete(handler);
        return handler;
    }

    private static RecordingHandler answeringAfterPreface() {
        boolean[] answered = new boolean[1];
        RecordingHandler[] self = new RecordingHandler[1];
        self[0] = new RecordingHandler((ctx, bytes) -> {
            if (!answered[0] && self[0].bytes().length >= 24) {
                answered[0] = true;
                ctx.write(ByteBuffer.wrap(ANSWER.getBytes(StandardCharsets.US_ASCII)));
                ctx.flush();
            }
        });
        return self[0];
    }
}
