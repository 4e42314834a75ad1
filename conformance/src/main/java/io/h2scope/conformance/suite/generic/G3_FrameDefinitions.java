package io.h2scope.conformance.suite.generic;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.settings.SettingId;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * h2spec generic/3.x: each frame type, used correctly, is accepted (RFC 7540 §6, RFC 9113 §6).
 * One {@link Section} per frame type, built here so the small groups stay together.
 */
public final class G3_FrameDefinitions {

    private G3_FrameDefinitions() {
    }

    /** generic/3.1 .. 3.10 in h2spec's order. */
    public static List<Section> sections() {
        return List.of(data(), headers(), priority(), rstStream(), settings(), ping(), goAway(), windowUpdate(), continuation());
    }

    private static Section section(String id, String title, List<CaseDef> cases) {
        return new Section() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String title() {
                return title;
            }

            @Override
            public List<CaseDef> cases() {
                return cases;
            }
        };
    }

    private static final String DATA = "DATA frames (type=0x00) convey arbitrary, variable-length sequences of octets associated with a stream. One or more DATA frames are used, for instance, to carry HTTP request or response content.";

    static Section data() {
        return section("generic/3.1", "DATA", List.of(
                CaseDef.define("generic/3.1/data").h2spec("generic/3.1/1").rfc("6.1", "6.1")
                        .sends("a POST with one DATA frame").quote(DATA).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", true);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/3.1/multiple-data").h2spec("generic/3.1/2").rfc("6.1", "6.1")
                        .sends("a POST with two DATA frames").quote(DATA).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", false);
                            Script.data(p, 1, "test", true);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/3.1/data-with-padding").h2spec("generic/3.1/3").rfc("6.1", "6.1")
                        .sends("a POST with a padded DATA frame (6 octets of padding)")
                        .quote("DATA frames MAY also contain padding. Padding can be added to DATA frames to obscure the size of messages.")
                        .accepts("a response")
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            p.send(DataFrame.padded(1, "test".getBytes(StandardCharsets.US_ASCII), true, 6));
                            return Expect.response(p, 1);
                        })));
    }

    private static final String HEADERS = "The HEADERS frame (type=0x01) is used to open a stream (Section 5.1), and additionally carries a field block fragment.";

    static Section headers() {
        return section("generic/3.2", "HEADERS", List.of(
                CaseDef.define("generic/3.2/headers").h2spec("generic/3.2/1").rfc("6.2", "6.2")
                        .sends("a GET in one HEADERS frame").quote(HEADERS).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/3.2/headers-with-padding").h2spec("generic/3.2/2").rfc("6.2", "6.2")
                        .sends("a GET in a padded HEADERS frame (8 octets of padding)")
                        .quote("The HEADERS frame can include padding. Padding fields and flags are identical to those defined for DATA frames (Section 6.1).")
                        .accepts("a response")
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.padded(1, Script.getBlock(p), true, true, 8, null));
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/3.2/headers-with-priority").h2spec("generic/3.2/3").rfc("6.2", "6.2")
                        .sends("a GET whose HEADERS carries priority fields (weight 256)")
                        .quote("Prioritization information in a HEADERS frame is logically equivalent to a separate PRIORITY frame")
                        .accepts("a response")
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.withPriority(1, Script.getBlock(p), true, true, new Priority(0, false, 256)));
                            return Expect.response(p, 1);
                        })));
    }

    private static final String PRIORITY = "The PRIORITY frame (type=0x02) specifies the sender-advised priority of a stream (Section 5.3). It can be sent in any stream state, including idle or closed streams.";

    private static CaseDef priorityThenGet(String slug, String h2spec, String what, int priorityStream, Priority priority) {
        return CaseDef.define("generic/3.3/" + slug).h2spec(h2spec).rfc("6.3", "6.3")
                .sends(what + ", then a GET on stream 1").quote(PRIORITY).accepts("a response on stream 1")
                .run(p -> {
                    p.handshake();
                    p.send(PriorityFrame.of(priorityStream, priority));
                    Script.get(p, 1);
                    return Expect.response(p, 1);
                });
    }

    static Section priority() {
        return section("generic/3.3", "PRIORITY", List.of(
                priorityThenGet("weight-1", "generic/3.3/1", "PRIORITY with weight 1 on stream 1", 1, new Priority(0, false, 1)),
                priorityThenGet("weight-256", "generic/3.3/2", "PRIORITY with weight 256 on stream 1", 1, new Priority(0, false, 256)),
                priorityThenGet("stream-dependency", "generic/3.3/3", "PRIORITY on stream 3 depending on stream 1", 3,
                        new Priority(1, false, 1)),
                priorityThenGet("exclusive", "generic/3.3/4", "an exclusive PRIORITY on stream 1", 1, new Priority(0, true, 1)),
                priorityThenGet("idle-higher-stream", "generic/3.3/5", "PRIORITY on idle stream 3", 3, new Priority(0, false, 256))));
    }

    static Section rstStream() {
        return section("generic/3.4", "RST_STREAM", List.of(
                CaseDef.define("generic/3.4/rst-stream").h2spec("generic/3.4/1").rfc("6.4", "6.4")
                        .sends("a GET head without END_STREAM, RST_STREAM CANCEL on it, then a PING")
                        .quote("The RST_STREAM frame (type=0x03) allows for immediate termination of a stream.")
                        .accepts("the connection keeps working: our PING (or else a GET) is answered")
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), false, true));
                            p.send(RstStreamFrame.of(1, ErrorCode.CANCEL));
                            return Expect.noError(p);
                        })));
    }

    static Section settings() {
        return section("generic/3.5", "SETTINGS", List.of(
                CaseDef.define("generic/3.5/settings").h2spec("generic/3.5/1").rfc("6.5", "6.5")
                        .sends("a SETTINGS frame with six defined parameters at valid values")
                        .quote("The SETTINGS frame (type=0x04) conveys configuration parameters that affect how endpoints communicate")
                        .accepts("SETTINGS with ACK")
                        .run(p -> {
                            p.handshake();
                            p.send(SettingsFrame.of(Arrays.asList(
                                    new RawSetting(SettingId.HEADER_TABLE_SIZE.code(), 4096),
                                    new RawSetting(SettingId.ENABLE_PUSH.code(), 0),
                                    new RawSetting(SettingId.MAX_CONCURRENT_STREAMS.code(), 100),
                                    new RawSetting(SettingId.INITIAL_WINDOW_SIZE.code(), 65535),
                                    new RawSetting(SettingId.MAX_FRAME_SIZE.code(), 16384),
                                    new RawSetting(SettingId.MAX_HEADER_LIST_SIZE.code(), 65536))));
                            return Expect.settingsAck(p);
                        })));
    }

    static Section ping() {
        return section("generic/3.7", "PING", List.of(
                CaseDef.define("generic/3.7/ping").h2spec("generic/3.7/1").rfc("6.7", "6.7")
                        .sends("a PING")
                        .quote("The PING frame (type=0x06) is a mechanism for measuring a minimal round-trip time from the sender, as well as determining whether an idle connection is still functional.")
                        .accepts("PING with ACK and the same payload")
                        .run(p -> {
                            p.handshake();
                            return Expect.pingAck(p, p.sendProbePing());
                        })));
    }

    static Section goAway() {
        return section("generic/3.8", "GOAWAY", List.of(
                CaseDef.define("generic/3.8/goaway").h2spec("generic/3.8/1").rfc("6.8", "6.8")
                        .sends("GOAWAY NO_ERROR (last stream 0, debug \"h2scope\")")
                        .quote("The GOAWAY frame (type=0x07) is used to initiate shutdown of a connection or to signal serious error conditions.")
                        .accepts("no error: the target closes, answers GOAWAY NO_ERROR, or keeps answering PING")
                        .run(p -> {
                            p.handshake();
                            p.send(GoAwayFrame.of(0, ErrorCode.NO_ERROR, "h2scope".getBytes(StandardCharsets.US_ASCII)));
                            return GoAwayAccepted.judge(p);
                        })));
    }

    static Section windowUpdate() {
        String quote = "The WINDOW_UPDATE frame (type=0x08) is used to implement flow control; see Section 5.2 for an overview.";
        return section("generic/3.9", "WINDOW_UPDATE", List.of(
                CaseDef.define("generic/3.9/window-update-connection").h2spec("generic/3.9/1").rfc("6.9", "6.9")
                        .sends("WINDOW_UPDATE 1 on stream 0, then a PING").quote(quote).accepts("the connection keeps working: our PING (or else a GET) is answered")
                        .run(p -> {
                            p.handshake();
                            p.send(WindowUpdateFrame.of(0, 1));
                            return Expect.noError(p);
                        }),
                CaseDef.define("generic/3.9/window-update-stream").h2spec("generic/3.9/2").rfc("6.9", "6.9")
                        .sends("a GET, then WINDOW_UPDATE 1 on its stream").quote(quote).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            p.send(WindowUpdateFrame.of(1, 1));
                            return Expect.response(p, 1);
                        })));
    }

    static Section continuation() {
        String quote = "The CONTINUATION frame (type=0x09) is used to continue a sequence of field block fragments (Section 4.3).";
        return section("generic/3.10", "CONTINUATION", List.of(
                CaseDef.define("generic/3.10/continuation").h2spec("generic/3.10/1").rfc("6.10", "6.10")
                        .sends("a GET block split: 5 octets in HEADERS, the rest in one CONTINUATION").quote(quote)
                        .accepts("a response")
                        .run(p -> {
                            p.handshake();
                            byte[] block = Script.getBlock(p);
                            p.send(HeadersFrame.of(1, Arrays.copyOfRange(block, 0, 5), true, false));
                            Script.continuation(p, 1, Arrays.copyOfRange(block, 5, block.length), true);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/3.10/multiple-continuations").h2spec("generic/3.10/2").rfc("6.10", "6.10")
                        .sends("a GET block split over HEADERS and two CONTINUATION frames").quote(quote)
                        .accepts("a response")
                        .run(p -> {
                            p.handshake();
                            byte[] block = Script.getBlock(p);
                            p.send(HeadersFrame.of(1, Arrays.copyOfRange(block, 0, 5), true, false));
                            Script.continuation(p, 1, Arrays.copyOfRange(block, 5, 10), false);
                            Script.continuation(p, 1, Arrays.copyOfRange(block, 10, block.length), true);
                            return Expect.response(p, 1);
                        })));
    }
}
