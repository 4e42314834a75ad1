package io.h2scope.conformance.targets;

import java.io.IOException;

/**
 * A server started in-process for the suite to test: the hook the engine's own server plugs into
 * once it exists (issue 3), and the way {@code h2scope conform} with no URL will test it.
 *
 * <p>Contract: {@link #start()} binds to 127.0.0.1 on a free port and returns when the server
 * accepts connections, describing where it listens; {@link #close()} stops it and frees the port
 * (idempotent). A fault-injecting implementation (a server that breaks one rule on purpose) uses
 * the same interface, so the suite can prove each case detects the violation it is written for.
 *
 * <p>Nothing implements it yet: the CLI says so and exits 2 rather than pretending.
 */
public interface EmbeddedTarget extends AutoCloseable {

    /** Starts the server and tells the suite how to reach it. */
    Target start() throws IOException;

    @Override
    void close() throws IOException;
}
