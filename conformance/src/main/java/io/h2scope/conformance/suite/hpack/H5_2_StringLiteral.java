package io.h2scope.conformance.suite.hpack;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** RFC 7541 §5.2: string literals; broken Huffman padding and the EOS symbol. */
public final class H5_2_StringLiteral implements Section {

    private static final String PADDING = "A padding strictly longer than 7 bits MUST be treated as a decoding error. A padding not corresponding to the most significant bits of the code for the EOS symbol MUST be treated as a decoding error.";

    @Override
    public String id() {
        return "hpack/5.2";
    }

    @Override
    public String title() {
        return "String Literal Representation";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                // 'a' is the 5-bit code 00011; 3 one-bits of padding complete the octet, 8 more make 11
                huffmanValue("padding-longer-than-7-bits", "hpack/5.2/1",
                        "'a' then 11 bits of ones (0x1f 0xff)", PADDING, new byte[] {0x1f, (byte) 0xff}),
                huffmanValue("padding-not-eos-prefix", "hpack/5.2/2",
                        "'a' padded with zeros instead of ones (0x18)", PADDING, new byte[] {0x18}),
                // EOS is 30 one-bits: four 0xff octets hold it plus two bits of (valid) padding
                huffmanValue("huffman-eos", "hpack/5.2/3", "the EOS symbol (0xff 0xff 0xff 0xff)",
                        "A Huffman-encoded string literal containing the EOS symbol MUST be treated as a decoding error.",
                        new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff}));
    }

    /** A GET whose last field is x-h2scope with a Huffman value of exactly {@code octets}. */
    private static CaseDef huffmanValue(String slug, String h2spec, String what, String quote, byte[] octets) {
        return BrokenBlocks.decodingError("hpack/5.2/" + slug, h2spec, "5.2",
                "a GET block whose last field x-h2scope has a Huffman value of " + what, quote,
                (p, w) -> {
                    BrokenBlocks.head(p, w);
                    // RFC 7541 §6.2.2: literal without indexing, new name ('0000' then a 4-bit index of 0)
                    w.encodeInteger(0x00, 4, 0)
                            .encodeRawString("x-h2scope".getBytes(StandardCharsets.US_ASCII), false)
                            .encodeRawString(octets, true);
                });
    }
}
