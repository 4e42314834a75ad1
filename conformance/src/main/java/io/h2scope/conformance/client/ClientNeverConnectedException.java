package io.h2scope.conformance.client;

import java.io.IOException;

/** The client under test did not connect to the case's listener in time: the case says nothing about it. */
public final class ClientNeverConnectedException extends IOException {

    private final boolean notStarted;

    ClientNeverConnectedException(String message, boolean notStarted) {
        super(message);
        this.notStarted = notStarted;
    }

    /** Whether the client could not even be started (its command does not exist): no case will do better. */
    public boolean notStarted() {
        return notStarted;
    }
}
