package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.HpackScript.DYNAMIC;
import static io.h2scope.conformance.client.cases.HpackScript.bytes;
import static io.h2scope.conformance.client.cases.HpackScript.ok;
import static io.h2scope.engine.hpack.Representation.LITERAL_INDEXED;
import static io.h2scope.engine.hpack.Representation.LITERAL_NOT_INDEXED;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.cases.HpackScript.Expect;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * RFC 9113 §4.3: a field block as the client must reassemble and decode it (split anywhere across CONTINUATION,
 * sharing one table with every other block of the connection, a decoding error a connection error), and §4.3.1's
 * rule for its own encoder after the server lowers SETTINGS_HEADER_TABLE_SIZE.
 */
public final class H4_3_FieldSectionCompression implements ClientSection {

    @Override
    public String id() {
        return "client/4.3";
    }

    @Override
    public String title() {
        return "Field Section Compression and Decompression";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(splitInsideFields(), truncatedInsideInteger(), trailerBlockSharesTable(),
                TableSizeSignal.loweredTo(0), TableSizeSignal.loweredTo(100));
    }

    static ClientCase splitInsideFields() {
        return ClientCase.define("client/4.3/block-split-inside-fields").rfc("RFC 9113 §4.3")
                .quote("A receiving endpoint reassembles the field block by concatenating its fragments and then "
                        + "decompresses the block to reconstruct the field section.")
                .does("sends a block with a 200-octet Huffman-coded value as HEADERS and two CONTINUATIONs, cut "
                        + "between a length's prefix and its continuation octet and inside the Huffman string")
                .run(stage -> {
                    String value = "split-".repeat(40);
                    byte[] block = bytes(ok().encodeLiteral("x-h2scope", value, LITERAL_NOT_INDEXED, false));
                    int lengthAt = block.length - value.length() - 2; // 0x7f, then one continuation octet
                    int insideValue = lengthAt + 2 + 100;
                    Expect expect = Expect.status(200).with("x-h2scope", value);
                    return HpackScript.oneRequest(stage, expect.words(), (peer, stream) -> {
                        peer.send(HeadersFrame.of(stream, Arrays.copyOfRange(block, 0, lengthAt + 1), false, false));
                        peer.send(ContinuationFrame.of(stream, Arrays.copyOfRange(block, lengthAt + 1, insideValue),
                                false));
                        peer.send(ContinuationFrame.of(stream, Arrays.copyOfRange(block, insideValue, block.length),
                                true));
                        peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                        return HpackScript.judgeDelivered(stage.outcomes().get(0), expect);
                    }, block);
                });
    }

    static ClientCase truncatedInsideInteger() {
        return ClientCase.define("client/4.3/block-truncated-inside-integer").rfc("RFC 9113 §4.3")
                .quote("A decoding error in a field block MUST be treated as a connection error (Section 5.4.1) of "
                        + "type COMPRESSION_ERROR.")
                .does("ends a block (END_HEADERS) after a value length's all-ones prefix, its continuation octet "
                        + "missing")
                .run(stage -> HpackScript.rejects(stage, bytes(ok().encodeRaw((byte) 0x00)
                        .encodeRawString("x-h2scope".getBytes(StandardCharsets.US_ASCII), false)
                        .encodeRaw((byte) 0x7f))));
    }

    static ClientCase trailerBlockSharesTable() {
        return ClientCase.define("client/4.3.1/trailer-block-shares-table").rfc("RFC 9113 §4.3.1")
                .quote("Each endpoint has an HPACK encoder context and an HPACK decoder context that are used for "
                        + "encoding and decoding all field blocks on a connection.")
                .does("indexes x-h2scope: trailer-check in the response's header block, sends the body, then a "
                        + "trailer block that refers to it (62) with END_STREAM")
                .run(stage -> {
                    byte[] head = bytes(ok().encodeLiteral("x-h2scope", "trailer-check", LITERAL_INDEXED, false));
                    Expect expect = Expect.status(200).with("x-h2scope", "trailer-check");
                    return HpackScript.oneRequest(stage, expect.words(), (peer, stream) -> {
                        peer.send(HeadersFrame.of(stream, head, false, true));
                        peer.send(DataFrame.of(stream, ServerPart.BODY, false));
                        peer.send(HeadersFrame.of(stream, bytes(HpackScript.block().encodeIndexed(DYNAMIC)), true,
                                true));
                        return HpackScript.judgeDelivered(stage.outcomes().get(0), expect);
                    }, head);
                });
    }
}
