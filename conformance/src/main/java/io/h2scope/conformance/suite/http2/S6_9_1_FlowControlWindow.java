package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FLOW_CONTROL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.List;
import java.util.Optional;

/** RFC 7540 §6.9.1 (RFC 9113 §6.9.1): the flow-control window. */
public final class S6_9_1_FlowControlWindow implements Section {

    private static final String OVERFLOW = "A sender MUST NOT allow a flow-control window to exceed 2^31-1 octets. If a sender receives a WINDOW_UPDATE that causes a flow-control window to exceed this maximum, it MUST terminate either the stream or the connection, as appropriate.";

    @Override
    public String id() {
        return "http2/6.9.1";
    }

    @Override
    public String title() {
        return "The Flow-Control Window";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.9.1/respects-window-of-1").h2spec("http2/6.9.1/1").rfc("6.9.1", "6.9.1")
                        .sends("SETTINGS_INITIAL_WINDOW_SIZE = 1, then a GET")
                        .quote("The sender MUST NOT send a flow-controlled frame with a length that exceeds the space available in either of the flow-control windows advertised by the receiver.")
                        .accepts("the first DATA frame of the response has length 1")
                        .run(p -> {
                            p.handshake();
                            Script.initialWindow(p, 1);
                            Optional<Verdict> acked = Script.awaitSettingsAck(p);
                            if (acked.isPresent()) {
                                return acked.get();
                            }
                            Script.get(p, 1);
                            return Expect.dataOfLength(p, 1, 1);
                        }),
                CaseDef.define("http2/6.9.1/connection-window-overflow").h2spec("http2/6.9.1/2").rfc("6.9.1", "6.9.1")
                        .sends("two WINDOW_UPDATEs of 2^31-1 on stream 0")
                        .quote(OVERFLOW + " ... for the connection, a GOAWAY frame with an error code of FLOW_CONTROL_ERROR is sent.")
                        .accepts("GOAWAY with FLOW_CONTROL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(WindowUpdateFrame.of(0, Integer.MAX_VALUE));
                            p.send(WindowUpdateFrame.of(0, Integer.MAX_VALUE));
                            return Expect.connectionError(p, FLOW_CONTROL_ERROR);
                        }),
                CaseDef.define("http2/6.9.1/stream-window-overflow").h2spec("http2/6.9.1/3").rfc("6.9.1", "6.9.1")
                        .sends("a GET head without END_STREAM, then two WINDOW_UPDATEs of 2^31-1 on its stream")
                        .quote(OVERFLOW + " For streams, the sender sends a RST_STREAM with an error code of FLOW_CONTROL_ERROR")
                        .accepts("RST_STREAM (or GOAWAY) with FLOW_CONTROL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), false, true));
                            p.send(WindowUpdateFrame.of(1, Integer.MAX_VALUE));
                            p.send(WindowUpdateFrame.of(1, Integer.MAX_VALUE));
                            return Expect.streamError(p, 1, FLOW_CONTROL_ERROR);
                        }));
    }
}
