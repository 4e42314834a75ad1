package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import java.util.List;

/**
 * RFC 7540 §5.3.1: a stream cannot depend on itself. RFC 9113 §5.3.1 deprecates the RFC 7540
 * priority scheme but keeps the frames parseable; these cases apply the RFC 7540 rule, as h2spec does.
 */
public final class S5_3_1_StreamDependencies implements Section {

    private static final String RULE = "A stream cannot depend on itself. An endpoint MUST treat this as a stream error (Section 5.4.2) of type PROTOCOL_ERROR.";

    @Override
    public String id() {
        return "http2/5.3.1";
    }

    @Override
    public String title() {
        return "Stream Dependencies";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/5.3.1/headers-depends-on-itself").h2spec("http2/5.3.1/1").rfc("5.3.1", "5.3.1")
                        .sends("a GET on stream 1 whose priority fields make it depend on stream 1")
                        .quote(RULE + " (RFC 7540 rule; RFC 9113 deprecates the priority scheme)")
                        .accepts("RST_STREAM (or GOAWAY) with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.withPriority(1, Script.getBlock(p), true, true, new Priority(1, false, 256)));
                            return Expect.streamError(p, 1, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/5.3.1/priority-depends-on-itself").h2spec("http2/5.3.1/2").rfc("5.3.1", "5.3.1")
                        .sends("a PRIORITY frame on stream 1 that depends on stream 1")
                        .quote(RULE + " (RFC 7540 rule; RFC 9113 deprecates the priority scheme)")
                        .accepts("RST_STREAM (or GOAWAY) with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(PriorityFrame.of(1, new Priority(1, false, 256)));
                            return Expect.streamError(p, 1, PROTOCOL_ERROR);
                        }));
    }
}
