package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import java.util.List;

/** RFC 7540 §6.6 and §8.2 (RFC 9113 §6.6, §8.4): a client cannot push. Not in h2spec's 6.6. */
public final class S6_6_PushPromise implements Section {

    @Override
    public String id() {
        return "http2/6.6";
    }

    @Override
    public String title() {
        return "PUSH_PROMISE";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("http2/6.6/push-promise-from-client").rfc("6.6", "8.4")
                .sends("a POST head on stream 1, then a PUSH_PROMISE on it promising stream 2")
                .quote("A client cannot push. Thus, servers MUST treat the receipt of a PUSH_PROMISE frame as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                .run(p -> {
                    p.handshake();
                    p.send(HeadersFrame.of(1, Script.postBlock(p), false, true));
                    p.send(PushPromiseFrame.of(1, 2, Script.getBlock(p), true));
                    return Expect.connectionError(p, PROTOCOL_ERROR);
                }));
    }
}
