package io.h2scope.conformance.suite.generic;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * h2spec generic/5: every HPACK representation is accepted (RFC 7541 §6, carried by RFC 7540 §4.3
 * and RFC 9113 §4.3). Each case appends one exact representation (written with the engine's
 * {@link HpackWriter}) to a valid GET block.
 */
public final class G5_Hpack implements Section {

    /** RFC 7541 static table index of {@code user-agent}. */
    private static final int USER_AGENT = 58;

    @Override
    public String id() {
        return "generic/5";
    }

    @Override
    public String title() {
        return "HPACK";
    }

    @Override
    public List<CaseDef> cases() {
        List<CaseDef> cases = new ArrayList<>();
        cases.add(rep("indexed", "generic/5/1", "6.1", "an indexed field (static index 58, user-agent with an empty value)",
                "An indexed header field representation identifies an entry in either the static table or the dynamic table (see Section 2.3).",
                w -> w.encodeIndexed(USER_AGENT)));
        int n = 2;
        for (Representation rep : List.of(Representation.LITERAL_INDEXED, Representation.LITERAL_NOT_INDEXED,
                Representation.LITERAL_NEVER_INDEXED)) {
            String kind = switch (rep) {
                case LITERAL_INDEXED -> "incremental-indexing";
                case LITERAL_NOT_INDEXED -> "without-indexing";
                default -> "never-indexed";
            };
            String section = switch (rep) {
                case LITERAL_INDEXED -> "6.2.1";
                case LITERAL_NOT_INDEXED -> "6.2.2";
                default -> "6.2.3";
            };
            String quote = "RFC 7541 §" + section + ": a literal header field " + kind.replace('-', ' ')
                    + " representation results in appending a header field to the decoded header list.";
            for (boolean huffman : new boolean[] {false, true}) {
                String coding = huffman ? "-huffman" : "";
                cases.add(rep("literal-" + kind + "-indexed-name" + coding, "generic/5/" + n++, section,
                        "a literal " + kind + " with indexed name: user-agent: h2scope" + (huffman ? " (Huffman)" : ""),
                        quote, w -> w.encodeLiteral(USER_AGENT, "h2scope", rep, huffman)));
                cases.add(rep("literal-" + kind + "-new-name" + coding, "generic/5/" + n++, section,
                        "a literal " + kind + " with a new name: x-test: h2scope" + (huffman ? " (Huffman)" : ""),
                        quote, w -> w.encodeLiteral("x-test", "h2scope", rep, huffman)));
            }
        }
        cases.add(CaseDef.define("generic/5/dynamic-table-size-update").h2spec("generic/5/14").rfc("4.3", "4.3")
                .sends("a GET block that starts with a dynamic table size update to 0")
                .quote("RFC 7541 §6.3: A dynamic table size update signals a change to the size of the dynamic table.")
                .accepts("a response")
                .run(p -> {
                    p.handshake();
                    HpackOutput out = new HpackOutput();
                    new HpackWriter(out).encodeSizeUpdate(0);
                    byte[] get = Script.getBlock(p);
                    out.write(get, 0, get.length);
                    p.send(HeadersFrame.of(1, out.toByteArray(), true, true));
                    return Expect.response(p, 1);
                }));
        cases.add(CaseDef.define("generic/5/multiple-dynamic-table-size-updates").h2spec("generic/5/15").rfc("4.3", "4.3")
                .sends("a GET block that starts with two size updates: to 0, then to 4096")
                .quote("RFC 7541 §4.2: Multiple updates to the maximum table size can occur between the transmission of two field blocks. In the case that this size is changed more than once in this interval, the smallest maximum table size that occurs in that interval MUST be signaled in a dynamic table size update.")
                .accepts("a response")
                .run(p -> {
                    p.handshake();
                    HpackOutput out = new HpackOutput();
                    new HpackWriter(out).encodeSizeUpdate(0).encodeSizeUpdate(4096);
                    byte[] get = Script.getBlock(p);
                    out.write(get, 0, get.length);
                    p.send(HeadersFrame.of(1, out.toByteArray(), true, true));
                    return Expect.response(p, 1);
                }));
        return List.copyOf(cases);
    }

    private static CaseDef rep(String slug, String h2spec, String rfc7541, String what, String quote,
            Consumer<HpackWriter> representation) {
        return CaseDef.define("generic/5/" + slug).h2spec(h2spec).rfc("4.3", "4.3")
                .sends("a GET block followed by " + what + " (RFC 7541 §" + rfc7541 + ")")
                .quote(quote.startsWith("RFC") ? quote : "RFC 7541 §" + rfc7541 + ": " + quote)
                .accepts("a response")
                .run(p -> {
                    p.handshake();
                    HpackOutput out = new HpackOutput();
                    byte[] get = Script.getBlock(p);
                    out.write(get, 0, get.length);
                    representation.accept(new HpackWriter(out));
                    p.send(HeadersFrame.of(1, out.toByteArray(), true, true));
                    return Expect.response(p, 1);
                });
    }
}
