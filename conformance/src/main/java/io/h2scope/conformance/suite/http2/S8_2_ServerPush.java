package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.PushPromiseFrame;
import java.util.List;

/** RFC 7540 §8.2 (RFC 9113 §8.4): server push; a client cannot push. */
public final class S8_2_ServerPush implements Section {

    @Override
    public String id() {
        return "http2/8.2";
    }

    @Override
    public String title() {
        return "Server Push";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("http2/8.2/push-promise-from-client").h2spec("http2/8.2/1").rfc("8.2", "8.4")
                .sends("right after the preface, a PUSH_PROMISE on stream 1 (no request opened it) promising stream 2")
                .quote("A client cannot push. Thus, servers MUST treat the receipt of a PUSH_PROMISE frame as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                .run(p -> {
                    p.handshake();
                    p.send(PushPromiseFrame.of(1, 2, Script.getBlock(p), true));
                    return Expect.connectionError(p, PROTOCOL_ERROR);
                }));
    }
}
