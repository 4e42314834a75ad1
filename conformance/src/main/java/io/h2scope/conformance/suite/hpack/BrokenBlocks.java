package io.h2scope.conformance.suite.hpack;

import static io.h2scope.engine.error.ErrorCode.COMPRESSION_ERROR;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Representation;
import java.util.function.BiConsumer;

/**
 * The shape every hpack/* error case shares: a field block written octet by octet with
 * {@link HpackWriter}, sent as one HEADERS on stream 1, answered (RFC9113 §4.3: "A decoding error in a
 * field block MUST be treated as a connection error (Section 5.4.1) of type COMPRESSION_ERROR") by
 * GOAWAY COMPRESSION_ERROR.
 *
 * <p>The request head is written from static-table references and literals without indexing only, so
 * the target's dynamic table stays exactly as the case leaves it (empty unless the case fills it)
 * and "out of range" means what the case says.
 */
public final class BrokenBlocks {

    /** RFC 7541 static table indices of the request head. */
    private static final int METHOD_GET = 2;
    private static final int PATH_NAME = 4;
    private static final int PATH_SLASH = 4;
    private static final int SCHEME_HTTP = 6;
    private static final int SCHEME_HTTPS = 7;
    private static final int AUTHORITY_NAME = 1;

    private BrokenBlocks() {
    }

    /** Writes a valid GET head for the target, touching no dynamic table. */
    public static void head(Peer p, HpackWriter w) {
        w.encodeIndexed(METHOD_GET).encodeIndexed(p.target().tls() ? SCHEME_HTTPS : SCHEME_HTTP);
        if (p.target().path().equals("/")) {
            w.encodeIndexed(PATH_SLASH);
        } else {
            w.encodeLiteral(PATH_NAME, p.target().path(), Representation.LITERAL_NOT_INDEXED, false);
        }
        w.encodeLiteral(AUTHORITY_NAME, p.target().authority(), Representation.LITERAL_NOT_INDEXED, false);
    }

    /** Sends one HEADERS (END_STREAM, END_HEADERS) on {@code streamId} with what {@code block} writes. */
    static void send(Peer p, int streamId, BiConsumer<Peer, HpackWriter> block) {
        HpackOutput out = new HpackOutput();
        block.accept(p, new HpackWriter(out));
        p.send(HeadersFrame.of(streamId, out.toByteArray(), true, true));
    }

    /** A case whose block {@code block} writes must end in GOAWAY COMPRESSION_ERROR. */
    static CaseDef decodingError(String id, String h2spec, String rfc7541, String sends, String quote,
            BiConsumer<Peer, HpackWriter> block) {
        return CaseDef.define(id).h2spec(h2spec).rfc("4.3", "4.3")
                .sends(sends + " (RFC 7541 §" + rfc7541 + ")")
                .quote("RFC 7541 §" + rfc7541 + ": " + quote)
                .accepts("GOAWAY with COMPRESSION_ERROR").errorCase()
                .run(p -> {
                    p.handshake();
                    send(p, 1, block);
                    return Expect.connectionError(p, COMPRESSION_ERROR);
                });
    }
}
