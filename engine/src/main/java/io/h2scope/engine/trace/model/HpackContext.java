package io.h2scope.engine.trace.model;

/**
 * Which of the connection's two HPACK dynamic tables (RFC 7541 §2.2): one per direction, each held
 * by that direction's encoder and mirrored by its decoder.
 */
public enum HpackContext {
    /** Our decoder's table: what the peer's encoder indexed (field blocks we receive). */
    DECODER,
    /** Our encoder's table (field blocks we send). */
    ENCODER
}
