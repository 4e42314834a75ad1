package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.targets.RunSubject;

/**
 * The client a run judged, as its reports name it.
 *
 * @param name    the client's name ({@code curl}, {@code exec})
 * @param url     what it is: its command line or in-process adapter, and how it connected by default
 * @param tls     whether cases that hold for any connection ran over TLS
 */
public record ClientSubject(String name, String url, boolean tls) implements RunSubject {

    static ClientSubject of(ClientUnderTest client, Connect connect) {
        return new ClientSubject(client.name(), client.describe() + " (" + connect + ")", connect == Connect.TLS);
    }

    @Override
    public String role() {
        return "client";
    }
}
