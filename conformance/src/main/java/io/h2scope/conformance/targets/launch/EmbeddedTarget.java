package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.targets.Target;

import java.io.IOException;

/**
 * A server started in-process for the suite to test: {@link ReferenceServerTarget}, the engine's
 * reference server, is what {@code h2scope conform} tests when no target is named.
 *
 * <p>Contract: {@link #start()} binds to 127.0.0.1 on a free port and returns when the server
 * accepts connections, describing where it listens; {@link #close()} stops it and frees the port
 * (idempotent).
 */
public interface EmbeddedTarget extends AutoCloseable {

    /** Starts the server and tells the suite how to reach it. */
    Target start() throws IOException;

    @Override
    void close() throws IOException;
}
