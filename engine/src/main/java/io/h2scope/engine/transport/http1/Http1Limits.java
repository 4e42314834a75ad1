package io.h2scope.engine.transport.http1;

import io.h2scope.engine.http1.Http1RequestParser;
import java.time.Duration;

/**
 * Bounds of the HTTP/1.1 side of a cleartext port. A client that sends a partial head and stops is cut
 * off by the server's handshake timeout ({@code transport.HandshakeDeadline}).
 *
 * @param maxHeaderBytes      request line plus header fields; more gets 431; default 16 KiB
 * @param maxUpgradeBodyBytes body of an {@code Upgrade: h2c} request read before switching; more gets 413; default 64 KiB
 * @param lingerBytes         request bytes still read and dropped after a refusal, so the client sees
 *                            the answer instead of a reset; default 64 KiB
 * @param lingerTime          how long the connection waits for the client to close after a refusal; default 2 s
 */
public record Http1Limits(int maxHeaderBytes, int maxUpgradeBodyBytes, int lingerBytes, Duration lingerTime) {

    public Http1Limits {
        if (maxHeaderBytes <= 0 || maxUpgradeBodyBytes < 0 || lingerBytes < 0 || lingerTime.isNegative()) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }

    public static Http1Limits defaults() {
        return new Http1Limits(Http1RequestParser.DEFAULT_MAX_HEAD_BYTES, 64 * 1024, 64 * 1024, Duration.ofSeconds(2));
    }
}
