package io.h2scope.engine.hpack;

/** When the encoder Huffman-codes string literals (RFC 7541 §5.2). */
public enum HuffmanMode {
    /** Always Huffman-code, even when longer. */
    ALWAYS,
    /** Never: plain octets. */
    NEVER,
    /** Huffman-code only when strictly shorter than the plain octets (the default). */
    SHORTEST
}
