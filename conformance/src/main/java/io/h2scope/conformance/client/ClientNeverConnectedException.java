package io.h2scope.conformance.client;

import java.io.IOException;

/** The client under test did not connect to the case's listener in time: the case says nothing about it. */
public final class ClientNeverConnectedException extends IOException {
    ClientNeverConnectedException(String message) {
        super(message);
    }
}
