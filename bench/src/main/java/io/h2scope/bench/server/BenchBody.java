package io.h2scope.bench.server;

import io.h2scope.engine.server.reference.ReferenceHandler;

import java.nio.charset.StandardCharsets;

/**
 * The one response every server of the load comparison sends for {@code GET /}: the reference server's
 * root body, 200, {@code text/plain; charset=utf-8}, with a content-length.
 */
public final class BenchBody {

    public static final String TEXT = ReferenceHandler.ROOT_BODY;
    public static final byte[] BYTES = TEXT.getBytes(StandardCharsets.UTF_8);
    public static final String CONTENT_TYPE = "text/plain; charset=utf-8";

    private BenchBody() {
    }

    /** The port from {@code args[0]}, or {@code fallback}. */
    static int port(String[] args, int fallback) {
        return args.length > 0 ? Integer.parseInt(args[0]) : fallback;
    }
}
