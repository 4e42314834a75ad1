package io.h2scope.conformance.client.drive;

import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One request a case asks of the client under test.
 *
 * @param url    where: the scripted server's address and a path naming the case
 * @param method GET, or POST when there is a body
 * @param body   a file whose content is the request body, or null for none
 */
public record ClientRequest(URI url, String method, Path body) {

    public ClientRequest {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(method, "method");
    }

    public static ClientRequest get(URI url) {
        return new ClientRequest(url, "GET", null);
    }

    public static ClientRequest post(URI url, Path body) {
        return new ClientRequest(url, "POST", Objects.requireNonNull(body, "body"));
    }
}
