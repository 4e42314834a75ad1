package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.List;

/** RFC 9113 §8.1: HTTP message framing, as the client must check a response's. */
public final class C8_1_HttpMessages implements ClientSection {

    @Override
    public String id() {
        return "client/8.1";
    }

    @Override
    public String title() {
        return "HTTP Message Framing";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(contentLengthAboveData());
    }

    static ClientCase contentLengthAboveData() {
        return ClientCase.define("client/8.1.1/content-length-above-data").rfc("RFC 9113 §8.1.1")
                .quote("A request or response is also malformed if the value of a content-length header field does not "
                        + "equal the sum of the DATA frame payload lengths that form the content, unless the message "
                        + "is defined as having no content.")
                .does("answers content-length: 10 with 5 octets and END_STREAM")
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        int stream = ServerPart.request(peer);
                        if (stream < 0) {
                            return Verdict.inconclusive("a request", "the connection ended before the request");
                        }
                        peer.headers(stream, List.of(new HeaderField(":status", "200"),
                                new HeaderField("content-length", "10")), false);
                        peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                        return ClientJudge.enforces(stage, peer, stream, ClientJudge.Scope.STREAM,
                                ErrorCode.PROTOCOL_ERROR);
                    }
                });
    }
}
