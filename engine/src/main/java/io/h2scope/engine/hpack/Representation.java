package io.h2scope.engine.hpack;

/** The four header field representations of RFC 7541 §6.1 and §6.2. */
public enum Representation {
    /** §6.1: the whole field is a table index. */
    INDEXED,
    /** §6.2.1: literal, then added to the dynamic table. */
    LITERAL_INDEXED,
    /** §6.2.2: literal, table unchanged; an intermediary may re-encode it with indexing. */
    LITERAL_NOT_INDEXED,
    /** §6.2.3: literal, table unchanged, and every hop must keep it a never-indexed literal. */
    LITERAL_NEVER_INDEXED
}
