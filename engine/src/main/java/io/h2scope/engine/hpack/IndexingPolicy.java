package io.h2scope.engine.hpack;

/**
 * Decides, for a field that is not already in a table, how {@link HpackEncoder} sends it. Fields marked
 * {@link HeaderField#neverIndex()} skip the policy: they are always never-indexed literals.
 */
@FunctionalInterface
public interface IndexingPolicy {

    /** What to do with one field. */
    enum Decision {
        /** Literal with incremental indexing (RFC 7541 §6.2.1): later repeats cost one or two octets. */
        INDEX,
        /** Literal without indexing (§6.2.2): leaves the table alone. */
        NO_INDEX,
        /** Never-indexed literal (§6.2.3): also for every intermediary that forwards it. */
        NEVER_INDEX
    }

    /**
     * @param tableMaxSize the encoder's current dynamic table maximum size
     */
    Decision decide(String name, String value, int tableMaxSize);

    /** Indexes every field (as in the RFC 7541 Appendix C examples). */
    IndexingPolicy ALWAYS = (name, value, tableMaxSize) -> Decision.INDEX;

    /** Indexes nothing: the table stays empty (a stateless encoder). */
    IndexingPolicy NEVER = (name, value, tableMaxSize) -> Decision.NO_INDEX;

    /** The default policy: {@link DefaultIndexingPolicy} with its default settings. */
    static IndexingPolicy defaults() {
        return DefaultIndexingPolicy.DEFAULT;
    }
}
