package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FLOW_CONTROL_ERROR;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.List;
import java.util.Optional;

/** RFC 7540 §6.9.2 (RFC 9113 §6.9.2): changes to SETTINGS_INITIAL_WINDOW_SIZE. */
public final class S6_9_2_InitialWindowSize implements Section {

    @Override
    public String id() {
        return "http2/6.9.2";
    }

    @Override
    public String title() {
        return "Initial Flow-Control Window Size";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.9.2/window-grows-with-setting").h2spec("http2/6.9.2/1").rfc("6.9.2", "6.9.2")
                        .sends("INITIAL_WINDOW_SIZE = 0, a GET, then INITIAL_WINDOW_SIZE = 1")
                        .quote("When the value of SETTINGS_INITIAL_WINDOW_SIZE changes, a receiver MUST adjust the size of all stream flow-control windows that it maintains by the difference between the new value and the old value.")
                        .accepts("a DATA frame of length 1 after the second SETTINGS")
                        .run(p -> {
                            p.handshake();
                            Optional<Verdict> setUp = window(p, 0);
                            if (setUp.isPresent()) {
                                return setUp.get();
                            }
                            Script.get(p, 1);
                            Script.initialWindow(p, 1);
                            return Expect.dataOfLength(p, 1, 1);
                        }),
                CaseDef.define("http2/6.9.2/negative-window").h2spec("http2/6.9.2/2").rfc("6.9.2", "6.9.2")
                        .sends("INITIAL_WINDOW_SIZE = 3, a GET, after its first DATA INITIAL_WINDOW_SIZE = 2 (window -1), then WINDOW_UPDATE 2")
                        .quote("A sender MUST track the negative flow-control window and MUST NOT send new flow-controlled frames until it receives WINDOW_UPDATE frames that cause the flow-control window to become positive.")
                        .accepts("after the WINDOW_UPDATE, a DATA frame of length 1 (window -1 + 2)")
                        .run(S6_9_2_InitialWindowSize::negativeWindow),
                CaseDef.define("http2/6.9.2/initial-window-too-large").h2spec("http2/6.9.2/3").rfc("6.9.2", "6.9.2")
                        .sends("SETTINGS with INITIAL_WINDOW_SIZE = 2^31")
                        .quote("An endpoint MUST treat a change to SETTINGS_INITIAL_WINDOW_SIZE that causes any flow-control window to exceed the maximum size as a connection error (Section 5.4.1) of type FLOW_CONTROL_ERROR.")
                        .accepts("GOAWAY with FLOW_CONTROL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 6, type: SETTINGS, flags: 0, stream: 0; INITIAL_WINDOW_SIZE = 0x80000000
                            p.writeRawFrame(FrameType.SETTINGS.code(), 0, 0, new byte[] {0, 4, (byte) 0x80, 0, 0, 0});
                            return Expect.connectionError(p, FLOW_CONTROL_ERROR);
                        }));
    }

    private static Optional<Verdict> window(Peer p, long size) {
        Script.initialWindow(p, size);
        return Script.awaitSettingsAck(p);
    }

    private static Verdict negativeWindow(Peer p) throws Exception {
        p.handshake();
        Optional<Verdict> setUp = window(p, 3);
        if (setUp.isPresent()) {
            return setUp.get();
        }
        p.send(HeadersFrame.of(1, Script.getBlock(p), true, true));
        Optional<Verdict> first = firstData(p);
        if (first.isPresent()) {
            return first.get();
        }
        setUp = window(p, 2);
        if (setUp.isPresent()) {
            return setUp.get();
        }
        p.send(WindowUpdateFrame.of(1, 2));
        return Expect.dataOfLength(p, 1, 1);
    }

    /** Waits for the first DATA of stream 1 (3 octets); SKIP when the body is too short for the case. */
    private static Optional<Verdict> firstData(Peer p) {
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof DataFrame d && d.streamId() == 1) {
                return d.endStream() ? Optional.of(Verdict.skip("the response body is under 4 octets; the case needs at least 5"))
                        : Optional.empty();
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof HeadersFrame h && h.streamId() == 1 && h.endStream()) {
                return Optional.of(Verdict.skip("the response has no body; the case needs at least 5 octets"));
            }
            if (!(event instanceof PeerEvent.FrameReceived)) {
                return Optional.of(Verdict.inconclusive("DATA on stream 1", "no first DATA frame: " + event.describe()));
            }
        }
    }
}
