package io.h2scope.conformance.peer;

import io.h2scope.engine.frame.Setting;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a {@link Peer} behaves.
 *
 * @param timeout  how long one wait for the target's reaction lasts (the per-case timeout)
 * @param strict   demand exact behaviour: a bare close instead of GOAWAY fails, SHOULD-level cases run
 * @param insecure over TLS, trust any certificate and skip host-name verification
 * @param settings the SETTINGS sent in our connection preface
 */
public record PeerOptions(Duration timeout, boolean strict, boolean insecure, List<Setting> settings) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);

    public PeerOptions {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        settings = List.copyOf(settings);
    }

    public static PeerOptions defaults() {
        return new PeerOptions(DEFAULT_TIMEOUT, false, false, List.of());
    }

    public PeerOptions withTimeout(Duration value) {
        return new PeerOptions(value, strict, insecure, settings);
    }

    public PeerOptions withStrict(boolean value) {
        return new PeerOptions(timeout, value, insecure, settings);
    }

    public PeerOptions withInsecure(boolean value) {
        return new PeerOptions(timeout, strict, value, settings);
    }
}
