package io.h2scope.engine.stream;

/**
 * Which end of the connection we are. Decides stream-id parity (RFC 9113 §5.1.1) and which
 * frames we may send or receive at all (only a client opens streams with HEADERS, only a server
 * pushes, §8.4).
 */
public enum Role {
    CLIENT,
    SERVER;

    /** The other end. */
    public Role peer() {
        return this == CLIENT ? SERVER : CLIENT;
    }

    /** The first stream id this role initiates: 1 for a client, 2 for a server. */
    public int firstStreamId() {
        // RFC9113 §5.1.1: "Streams initiated by a client MUST use odd-numbered stream identifiers"
        return this == CLIENT ? 1 : 2;
    }

    /** Whether a stream id (> 0) has the parity of streams this role initiates. */
    public boolean initiates(int streamId) {
        // RFC9113 §5.1.1: client odd, server even
        return (streamId & 1) == (this == CLIENT ? 1 : 0);
    }
}
