package io.h2scope.conformance.suite.generic;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.List;
import java.util.Optional;

/** h2spec generic/2: frames that are allowed in each stream state (RFC 7540 §5.1, RFC 9113 §5.1). */
public final class G2_StreamsAndMultiplexing implements Section {

    private static final String HALF_CLOSED = "If an endpoint receives additional frames, other than WINDOW_UPDATE, PRIORITY, or RST_STREAM, for a stream that is in this state, it MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED.";

    @Override
    public String id() {
        return "generic/2";
    }

    @Override
    public String title() {
        return "Streams and Multiplexing";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("generic/2/priority-on-idle").h2spec("generic/2/1").rfc("5.1", "5.1")
                        .sends("PRIORITY on idle stream 1, then a PING")
                        .quote("Receiving any frame other than HEADERS or PRIORITY on a stream in this state MUST be treated as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("the PING is answered (PRIORITY is allowed on an idle stream)")
                        .run(p -> {
                            p.handshake();
                            p.send(PriorityFrame.of(1, new Priority(0, false, 256)));
                            return Expect.noError(p);
                        }),
                CaseDef.define("generic/2/window-update-on-half-closed-remote").h2spec("generic/2/2").rfc("5.1", "5.1")
                        .sends("INITIAL_WINDOW_SIZE = 0, a GET, then WINDOW_UPDATE 1 on its stream")
                        .quote(HALF_CLOSED).accepts("a DATA frame (the WINDOW_UPDATE opened the window)")
                        .run(p -> heldResponse(p, false)),
                CaseDef.define("generic/2/priority-on-half-closed-remote").h2spec("generic/2/3").rfc("5.1", "5.1")
                        .sends("INITIAL_WINDOW_SIZE = 0, a GET, PRIORITY on its stream, then WINDOW_UPDATE 1")
                        .quote(HALF_CLOSED).accepts("a DATA frame (PRIORITY was accepted)")
                        .run(p -> heldResponse(p, true)),
                CaseDef.define("generic/2/rst-stream-on-half-closed-remote").h2spec("generic/2/4").rfc("5.1", "5.1")
                        .sends("a GET, RST_STREAM CANCEL on its stream, then a PING")
                        .quote(HALF_CLOSED).accepts("the connection keeps working: our PING (or else a GET) is answered")
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            p.send(RstStreamFrame.of(1, ErrorCode.CANCEL));
                            return Expect.noError(p);
                        }),
                CaseDef.define("generic/2/priority-on-closed").h2spec("generic/2/5").rfc("5.1", "5.1")
                        .sends("a GET, waits for its end, then PRIORITY on the closed stream and a PING")
                        .quote("An endpoint MUST NOT send frames other than PRIORITY on a closed stream.")
                        .accepts("the connection keeps working: our PING (or else a GET) is answered")
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            Optional<Verdict> ended = Script.awaitStreamEnd(p, 1);
                            if (ended.isPresent()) {
                                return ended.get();
                            }
                            p.send(PriorityFrame.of(1, new Priority(0, false, 256)));
                            return Expect.noError(p);
                        }));
    }

    /** The response is held by a zero window; our WINDOW_UPDATE (after an optional PRIORITY) releases one octet. */
    private static Verdict heldResponse(Peer p, boolean priorityFirst) throws Exception {
        p.handshake();
        Script.initialWindow(p, 0);
        Optional<Verdict> acked = Script.awaitSettingsAck(p);
        if (acked.isPresent()) {
            return acked.get();
        }
        Script.get(p, 1);
        if (priorityFirst) {
            p.send(PriorityFrame.of(1, new Priority(0, false, 256)));
        }
        p.send(WindowUpdateFrame.of(1, 1));
        return Expect.dataOfLength(p, 1, 1);
    }
}
