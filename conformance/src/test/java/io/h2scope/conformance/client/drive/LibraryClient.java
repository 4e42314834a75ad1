package io.h2scope.conformance.client.drive;

import java.util.EnumSet;
import java.util.Set;

/**
 * An in-process adapter of a third-party HTTP/2 library (OkHttp, Jetty, Netty): its name, and what all of them can be
 * made to do here (h2c with prior knowledge, TLS trusting the task's CA, several requests at once, a body; none of
 * them speaks h2c Upgrade through these adapters). A fresh client per task, as the other in-process adapters.
 */
abstract class LibraryClient implements ClientUnderTest {

    private final String name;

    LibraryClient(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Set<ClientAbility> abilities() {
        return EnumSet.of(ClientAbility.PRIOR_KNOWLEDGE, ClientAbility.TLS, ClientAbility.PARALLEL, ClientAbility.BODY);
    }

    @Override
    public final String toString() {
        return name;
    }
}
