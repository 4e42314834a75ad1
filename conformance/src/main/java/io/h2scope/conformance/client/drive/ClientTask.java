package io.h2scope.conformance.client.drive;

import io.h2scope.engine.transport.tls.PemFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a case asks the client under test to do at once: its requests (several means in parallel, on one connection
 * where the client multiplexes), how to connect, and how long it may take.
 *
 * @param requests the requests, all to the same origin
 * @param connect  how the client reaches the server
 * @param ca       the PEM file of the CA that issued the server's certificate (for {@link Connect#TLS}), else null
 * @param timeout  how long the client may take before it is stopped (its process tree killed)
 */
public record ClientTask(List<ClientRequest> requests, Connect connect, Path ca, Duration timeout) {

    public ClientTask {
        requests = List.copyOf(requests);
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("a task needs at least one request");
        }
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(timeout, "timeout");
        if (connect == Connect.TLS && ca == null) {
            throw new IllegalArgumentException("a TLS task needs the CA file the client is to trust");
        }
    }

    /**
     * The certificates in {@link #ca}, for an in-process client to trust.
     *
     * @throws IllegalArgumentException when the file cannot be read as PEM certificates
     */
    public List<X509Certificate> caCertificates() {
        try {
            return PemFiles.readCertificates(ca);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read the CA certificate " + ca + ": " + e.getMessage(), e);
        }
    }

    /** What a client must be able to do to carry the task out. */
    public Set<ClientAbility> needs() {
        Set<ClientAbility> needs = EnumSet.of(connect.ability());
        if (requests.size() > 1) {
            needs.add(ClientAbility.PARALLEL);
        }
        if (requests.stream().anyMatch(r -> r.body() != null)) {
            needs.add(ClientAbility.BODY);
        }
        return needs;
    }
}
