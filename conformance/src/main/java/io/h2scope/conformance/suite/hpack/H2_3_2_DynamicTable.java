package io.h2scope.conformance.suite.hpack;

import static io.h2scope.engine.error.ErrorCode.COMPRESSION_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.hpack.Representation;
import java.util.List;
import java.util.Optional;

/** RFC 7541 §2.3.2: the dynamic table; an evicted entry cannot be referenced. Not in h2spec. */
public final class H2_3_2_DynamicTable implements Section {

    /** RFC 7541 §2.3.3: the first dynamic-table index (static table length + 1). */
    private static final int FIRST_DYNAMIC = 62;

    @Override
    public String id() {
        return "hpack/2.3.2";
    }

    @Override
    public String title() {
        return "Dynamic Table";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("hpack/2.3.2/evicted-entry-referenced").rfc("4.3", "4.3")
                .sends("GET 1 adds x-h2scope: one to the table (index 62, answered); GET 3 starts with a size update to 0 "
                        + "(evicting it) and then references index 62 (RFC 7541 §2.3.2, §4.3)")
                .quote("RFC 7541 §2.3.3: Indices strictly greater than the sum of the lengths of both tables MUST be treated as a decoding error.")
                .accepts("GOAWAY with COMPRESSION_ERROR").errorCase()
                .run(p -> {
                    p.handshake();
                    BrokenBlocks.send(p, 1, (peer, w) -> {
                        BrokenBlocks.head(peer, w);
                        w.encodeLiteral("x-h2scope", "one", Representation.LITERAL_INDEXED, false);
                    });
                    Optional<Verdict> setUp = Script.awaitStreamEnd(p, 1);
                    if (setUp.isPresent()) {
                        return setUp.get();
                    }
                    BrokenBlocks.send(p, 3, (peer, w) -> {
                        w.encodeSizeUpdate(0);
                        BrokenBlocks.head(peer, w);
                        w.encodeIndexed(FIRST_DYNAMIC);
                    });
                    return Expect.connectionError(p, COMPRESSION_ERROR);
                }));
    }
}
