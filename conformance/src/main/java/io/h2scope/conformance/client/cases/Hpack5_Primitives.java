package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.HpackOctets.EOS;
import static io.h2scope.conformance.client.cases.HpackOctets.TWO;
import static io.h2scope.conformance.client.cases.HpackOctets.ZERO;
import static io.h2scope.conformance.client.cases.HpackScript.CONTENT_LENGTH;
import static io.h2scope.conformance.client.cases.HpackScript.DYNAMIC;
import static io.h2scope.conformance.client.cases.HpackScript.STATUS;
import static io.h2scope.conformance.client.cases.HpackScript.block;
import static io.h2scope.conformance.client.cases.HpackScript.bytes;
import static io.h2scope.conformance.client.cases.HpackScript.indexedThenReferred;
import static io.h2scope.conformance.client.cases.HpackScript.length;
import static io.h2scope.conformance.client.cases.HpackScript.lengthValue;
import static io.h2scope.conformance.client.cases.HpackScript.ok;
import static io.h2scope.engine.hpack.Representation.LITERAL_INDEXED;
import static io.h2scope.engine.hpack.Representation.LITERAL_NEVER_INDEXED;
import static io.h2scope.engine.hpack.Representation.LITERAL_NOT_INDEXED;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.cases.HpackScript.Expect;
import io.h2scope.engine.hpack.HpackWriter;
import java.math.BigInteger;
import java.util.List;

/**
 * RFC 7541 §5: integers and string literals, raw and Huffman-coded, at their limits and past them. The broken
 * encodings carry {@code :status} where a decoder that wraps an integer or skips bad padding would read "200" and
 * deliver the response: that is the FAIL they catch.
 */
public final class Hpack5_Primitives implements ClientSection {

    private static final String LIMITS = "Integer encodings that exceed implementation limits -- in value or octet "
            + "length -- MUST be treated as decoding errors.";

    @Override
    public String id() {
        return "client/hpack/5";
    }

    @Override
    public String title() {
        return "HPACK Primitive Type Representations";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(prefixBoundaries(), multiOctetIntegers(), indexWrapsAt32Bits(), sizeUpdateWrapsAt32Bits(),
                lengthWrapsAt32Bits(), indexBeyond64Bits(), huffmanStrings(), rawStrings(), huffmanLongerThanRaw(),
                emptyValues(), paddingOver7Bits(), paddingNotEos(), eosInString(), stringPastBlockEnd());
    }

    static ClientCase prefixBoundaries() {
        return ClientCase.define("client/hpack/5.1/prefix-boundaries").rfc("RFC 7541 §5.1")
                .quote("If the integer value is small enough, i.e., strictly less than 2^N-1, it is encoded within the "
                        + "N-bit prefix.")
                .does("sends integers of exactly 2^N-1 (prefix all ones, then a zero octet): a size update to 31 "
                        + "(N=5), name index 15 (N=4), a 127-octet name and value (N=7), name index 63 (N=6)")
                .run(stage -> {
                    String name = "x-" + "n".repeat(125);
                    HpackWriter w = ok(block().encodeSizeUpdate(31).encodeSizeUpdate(4096))
                            .encodeLiteral(15, "x", LITERAL_NOT_INDEXED, false)
                            .encodeLiteral(name, "v".repeat(127), LITERAL_INDEXED, false)
                            .encodeLiteral("x-b", "1", LITERAL_INDEXED, false)
                            .encodeLiteral(DYNAMIC + 1, "w", LITERAL_INDEXED, false);
                    return HpackScript.delivers(stage, bytes(w), Expect.status(200).with(name, "w"));
                });
    }

    static ClientCase multiOctetIntegers() {
        return ClientCase.define("client/hpack/5.1/multi-octet-integers").rfc("RFC 7541 §5.1")
                .quote("Otherwise, all the bits of the prefix are set to 1, and the value, decreased by 2^N-1, is "
                        + "encoded using a list of one or more octets.")
                .does("starts with a size update to 4,096 (three octets), then a 3,000-octet value (a three-octet "
                        + "length)")
                .run(stage -> HpackScript.delivers(stage, bytes(ok(block().encodeSizeUpdate(4096))
                                .encodeLiteral("x-long", "l".repeat(3000), LITERAL_NOT_INDEXED, false)),
                        Expect.status(200).with("x-long", "l".repeat(3000))));
    }

    static ClientCase indexWrapsAt32Bits() {
        return ClientCase.define("client/hpack/5.1/index-wraps-at-32-bits").rfc("RFC 7541 §5.1").quote(LIMITS)
                .does("sends :status as indexed field 2^32 + 8 (8 when cut to 32 bits: :status 200)")
                .run(stage -> HpackScript.rejects(stage, bytes(length(block().encodeInteger(0x80, 7, (1L << 32) + 8)))));
    }

    static ClientCase sizeUpdateWrapsAt32Bits() {
        return ClientCase.define("client/hpack/5.1/size-update-wraps-at-32-bits").rfc("RFC 7541 §5.1").quote(LIMITS)
                .does("starts the block with a size update to 2^32 (0 when cut to 32 bits)")
                .run(stage -> HpackScript.rejects(stage, bytes(ok(block().encodeInteger(0x20, 5, 1L << 32)))));
    }

    static ClientCase lengthWrapsAt32Bits() {
        return ClientCase.define("client/hpack/5.1/length-wraps-at-32-bits").rfc("RFC 7541 §5.1").quote(LIMITS)
                .does("sends :status with a value length of 2^32 + 3 followed by \"200\" (3 when cut to 32 bits)")
                .run(stage -> HpackScript.rejects(stage, bytes(length(block().encodeInteger(0x00, 4, STATUS)
                        .encodeInteger(0x00, 7, (1L << 32) + 3).encodeRaw("200".getBytes(
                                java.nio.charset.StandardCharsets.US_ASCII))))));
    }

    static ClientCase indexBeyond64Bits() {
        return ClientCase.define("client/hpack/5.1/index-beyond-64-bits").rfc("RFC 7541 §5.1").quote(LIMITS)
                .does("sends :status as indexed field 2^64 + 8 (10 continuation octets; 8 when cut to 64 bits)")
                .run(stage -> HpackScript.rejects(stage, bytes(length(block().encodeRaw(HpackOctets.integer(0x80, 7,
                        BigInteger.ONE.shiftLeft(64).add(BigInteger.valueOf(8))))))));
    }

    static ClientCase huffmanStrings() {
        return ClientCase.define("client/hpack/5.2/huffman-strings").rfc("RFC 7541 §5.2")
                .quote("If H is '1', then the encoded data is the Huffman encoding of the string literal.")
                .does("sends every name and value Huffman-coded: :status 203, content-length, x-h2scope: huffman")
                .run(stage -> HpackScript.delivers(stage, bytes(block()
                                .encodeLiteral(":status", "203", LITERAL_INDEXED, true)
                                .encodeLiteral("content-length", lengthValue(), LITERAL_NOT_INDEXED, true)
                                .encodeLiteral("x-h2scope", "huffman", LITERAL_NEVER_INDEXED, true)),
                        Expect.status(203).with("x-h2scope", "huffman")));
    }

    static ClientCase rawStrings() {
        return ClientCase.define("client/hpack/5.2/raw-strings").rfc("RFC 7541 §5.2")
                .quote("If H is '0', then the encoded data is the raw octets of the string literal.")
                .does("sends every name and value as raw octets: :status 202, content-length, x-h2scope: raw")
                .run(stage -> HpackScript.delivers(stage, bytes(block()
                                .encodeLiteral(":status", "202", LITERAL_INDEXED, false)
                                .encodeLiteral("content-length", lengthValue(), LITERAL_NOT_INDEXED, false)
                                .encodeLiteral("x-h2scope", "raw", LITERAL_NEVER_INDEXED, false)),
                        Expect.status(202).with("x-h2scope", "raw")));
    }

    static ClientCase huffmanLongerThanRaw() {
        String value = "{|}~^<`\\";
        return ClientCase.define("client/hpack/5.2/huffman-longer-than-raw").rfc("RFC 7541 §5.2")
                .quote("The encoded data is the bitwise concatenation of the codes corresponding to each octet of the "
                        + "string literal.")
                .does("sends x-h2scope: " + value + " Huffman-coded (11- to 19-bit codes, longer than the raw octets)")
                .run(stage -> HpackScript.delivers(stage, bytes(ok()
                                .encodeLiteral("x-h2scope", value, LITERAL_NOT_INDEXED, true)),
                        Expect.status(200).with("x-h2scope", value)));
    }

    static ClientCase emptyValues() {
        return ClientCase.define("client/hpack/5.2/empty-values").rfc("RFC 7541 §5.2")
                .quote("String Length: The number of octets used to encode the string literal, encoded as an integer "
                        + "with a 7-bit prefix (see Section 5.1).")
                .does("sends x-empty with an empty value raw (length 0), x-empty-huffman with an empty Huffman value, "
                        + "and indexes an empty value and refers to it")
                .run(stage -> HpackScript.delivers(stage, bytes(indexedThenReferred(ok()
                                .encodeLiteral("x-empty", "", LITERAL_NOT_INDEXED, false)
                                .encodeLiteral("x-empty-huffman", "", LITERAL_NOT_INDEXED, true), "x-empty-indexed", "")),
                        Expect.status(200).with("x-empty", "").with("x-empty-huffman", "")));
    }

    /** :status 200's name, then {@code value} as a Huffman-flagged string of these octets; content-length after. */
    private static byte[] statusHuffman(byte[] value) {
        return bytes(length(block().encodeInteger(0x00, 4, STATUS).encodeRawString(value, true)));
    }

    static ClientCase paddingOver7Bits() {
        return ClientCase.define("client/hpack/5.2/huffman-padding-over-7-bits").rfc("RFC 7541 §5.2")
                .quote("A padding strictly longer than 7 bits MUST be treated as a decoding error.")
                .does("sends :status \"200\" Huffman-coded with 9 bits of EOS padding (a whole 0xff octet too many)")
                .run(stage -> HpackScript.rejects(stage, statusHuffman(HpackOctets.huffman(9, true, TWO, ZERO, ZERO))));
    }

    static ClientCase paddingNotEos() {
        return ClientCase.define("client/hpack/5.2/huffman-padding-not-eos").rfc("RFC 7541 §5.2")
                .quote("A padding not corresponding to the most significant bits of the code for the EOS symbol MUST "
                        + "be treated as a decoding error.")
                .does("sends :status \"200\" Huffman-coded with its padding bit 0 instead of 1")
                .run(stage -> HpackScript.rejects(stage, statusHuffman(HpackOctets.huffman(1, false, TWO, ZERO, ZERO))));
    }

    static ClientCase eosInString() {
        return ClientCase.define("client/hpack/5.2/huffman-eos-symbol").rfc("RFC 7541 §5.2")
                .quote("A Huffman-encoded string literal containing the EOS symbol MUST be treated as a decoding "
                        + "error.")
                .does("sends :status as the Huffman codes of '2', EOS, '0', '0' (\"200\" to a decoder that skips EOS)")
                .run(stage -> HpackScript.rejects(stage, statusHuffman(HpackOctets.huffman(3, true, TWO, EOS, ZERO,
                        ZERO))));
    }

    static ClientCase stringPastBlockEnd() {
        return ClientCase.define("client/hpack/5.2/string-past-block-end").rfc("RFC 7541 §5.2")
                .quote("String Data: The encoded data of the string literal.")
                .does("ends the block (END_HEADERS) inside a value whose length says 20 octets, 5 of them sent")
                .run(stage -> HpackScript.rejects(stage, bytes(ok().encodeInteger(0x00, 4, CONTENT_LENGTH - 1)
                        .encodeInteger(0x00, 7, 20).encodeRaw("short".getBytes(
                                java.nio.charset.StandardCharsets.US_ASCII)))));
    }
}
