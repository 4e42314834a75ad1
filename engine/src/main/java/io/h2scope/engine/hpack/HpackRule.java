package io.h2scope.engine.hpack;

import static io.h2scope.engine.error.ErrorCode.COMPRESSION_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The decoding rules of RFC 7541. Each is a decoding error, which in HTTP/2 is a connection error of type
 * COMPRESSION_ERROR (RFC 9113 §4.3): the dynamic table can no longer be trusted.
 */
public enum HpackRule implements Rule {

    /** §4.2: a dynamic table size update after a header field. */
    SIZE_UPDATE_AFTER_FIELD(rfc("4.2"), CONNECTION, COMPRESSION_ERROR,
            Quote.SIZE_FIRST),
    /** §4.2: more dynamic table size updates at the start of a block than a conformant encoder sends. */
    TOO_MANY_SIZE_UPDATES(rfc("4.2"), CONNECTION, COMPRESSION_ERROR,
            "The final maximum size is always signaled, resulting in at most two dynamic table size updates."),
    /** §6.3: a dynamic table size update above SETTINGS_HEADER_TABLE_SIZE. */
    SIZE_UPDATE_ABOVE_LIMIT(rfc("6.3"), CONNECTION, COMPRESSION_ERROR,
            "The new maximum size MUST be lower than or equal to the limit determined by the protocol using "
                + "HPACK. A value that exceeds this limit MUST be treated as a decoding error."),
    /** §4.2: the first size update after a lowered limit is above the smallest limit. */
    SIZE_UPDATE_ABOVE_LOWERED_LIMIT(rfc("4.2"), CONNECTION, COMPRESSION_ERROR,
            "In the case that this size is changed more than once in this interval, the smallest maximum "
                + "table size that occurs in that interval MUST be signaled in a dynamic table size update."),
    /** §4.2 (RFC 9113 §4.3.1): a block after a lowered limit does not begin with a size update. */
    SIZE_UPDATE_MISSING(rfc("4.2"), CONNECTION, COMPRESSION_ERROR,
            Quote.SIZE_FIRST),
    /** §5.1: the block ends inside an integer. */
    INTEGER_TRUNCATED(rfc("5.1"), CONNECTION, COMPRESSION_ERROR,
            "The most significant bit of each octet is used as a continuation flag: its value is set to 1 "
                + "except for the last octet in the list."),
    /** §7.4: an integer encoding longer than we accept. */
    INTEGER_ENCODING_TOO_LONG(rfc("7.4"), CONNECTION, COMPRESSION_ERROR,
            Quote.LIMITS_INT),
    /** §7.4: an integer above 2^31-1. */
    INTEGER_TOO_LARGE(rfc("7.4"), CONNECTION, COMPRESSION_ERROR,
            Quote.LIMITS_INT),
    /** §7.4: a string literal longer than we accept. */
    STRING_TOO_LONG(rfc("7.4"), CONNECTION, COMPRESSION_ERROR,
            "In the same way, it has to set a limit to the length it accepts for string literals (see "
                + "Section 5.2)."),
    /** §5.2: the block ends where a string literal should start. */
    STRING_MISSING(rfc("5.2"), CONNECTION, COMPRESSION_ERROR,
            Quote.STRLEN),
    /** §5.2: a string literal runs past the end of the block. */
    STRING_PAST_END(rfc("5.2"), CONNECTION, COMPRESSION_ERROR,
            Quote.STRLEN),
    /** §5.2: a Huffman-coded string contains the EOS symbol. */
    HUFFMAN_EOS(rfc("5.2"), CONNECTION, COMPRESSION_ERROR,
            "A Huffman-encoded string literal containing the EOS symbol MUST be treated as a decoding error."),
    /** §5.2: Huffman padding longer than 7 bits. */
    HUFFMAN_PADDING_TOO_LONG(rfc("5.2"), CONNECTION, COMPRESSION_ERROR,
            "A padding strictly longer than 7 bits MUST be treated as a decoding error."),
    /** §5.2: Huffman padding that is not the most significant bits of EOS. */
    HUFFMAN_PADDING_NOT_EOS(rfc("5.2"), CONNECTION, COMPRESSION_ERROR,
            "A padding not corresponding to the most significant bits of the code for the EOS symbol MUST be "
                + "treated as a decoding error."),
    /** §6.1: an indexed header field with index 0. */
    INDEX_ZERO(rfc("6.1"), CONNECTION, COMPRESSION_ERROR,
            "The index value of 0 is not used. It MUST be treated as a decoding error if found in an indexed "
                + "header field representation."),
    /** §2.3.3: an index past the end of the static and dynamic tables. */
    INDEX_OUT_OF_RANGE(rfc("2.3.3"), CONNECTION, COMPRESSION_ERROR,
            "Indices strictly greater than the sum of the lengths of both tables MUST be treated as a "
                + "decoding error.");


    private final RuleFacts facts;

    HpackRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
        this.facts = new RuleFacts(spec, scope, code, sentence);
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc7541(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }

    /** The RFC sentences more than one rule quotes. */
    private static final class Quote {
        static final String SIZE_FIRST = "This dynamic table size update MUST occur at the beginning of the first header block following "
                + "the change to the dynamic table size.";
        static final String LIMITS_INT = "An implementation has to set a limit for the values it accepts for integers, as well as for the "
                + "encoded length (see Section 5.1).";
        static final String STRLEN = "String Length: The number of octets used to encode the string literal, encoded as an integer "
                + "with a 7-bit prefix (see Section 5.1).";
    }
}
