package io.h2scope.engine.testsupport;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * For tests that talk to a server: the engine's reference server over h2c and over TLS (self-signed), one each, started
 * once per test class.
 */
public abstract class ReferenceServers {

    protected static H2Server h2c;
    protected static H2Server tls;

    @BeforeAll
    static void startReferenceServers() throws Exception {
        h2c = ReferenceServer.start(ReferenceServer.Options.h2c());
        tls = ReferenceServer.start(ReferenceServer.Options.tlsSelfSigned());
    }

    @AfterAll
    static void stopReferenceServers() {
        h2c.close();
        tls.close();
    }
}
