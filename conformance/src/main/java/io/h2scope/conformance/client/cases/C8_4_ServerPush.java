package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.ResponseScripts.field;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientCaseBody;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.util.List;

/** RFC 9113 §8.4 and §6.6: PUSH_PROMISE, as a client that disabled push and one that allows it must take it. */
public final class C8_4_ServerPush implements ClientSection {

    private static final int PROMISED = 2;
    private static final int ENABLE_PUSH = 0x2;

    @Override
    public String id() {
        return "client/8.4";
    }

    @Override
    public String title() {
        return "Server Push";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(pushWhenDisabled(), pushAcceptedOrRefused(), pushUnsafeMethod());
    }

    static ClientCase pushWhenDisabled() {
        return ClientCase.define("client/8.4/push-promise-when-disabled").rfc("RFC 9113 §6.5.2")
                .quote("A client that has both set this parameter to 0 and had it acknowledged MUST treat the receipt "
                        + "of a PUSH_PROMISE frame as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("after acknowledging the client's SETTINGS_ENABLE_PUSH 0, sends a PUSH_PROMISE for GET /pushed "
                        + "on the request's stream, then an ordinary response (SKIP when the client allows push)")
                .run(ResponseScripts.onGet((stage, peer, stream) -> {
                    if (pushEnabled(peer)) {
                        ServerPart.respond(peer, stream);
                        stage.outcomes();
                        return Verdict.skip("the client allows push (it did not send SETTINGS_ENABLE_PUSH 0)");
                    }
                    ResponseScripts.playTolerant(peer, stream, (p, s) -> {
                        promise(p, s, "GET");
                        ServerPart.respond(p, s);
                    });
                    return ClientJudge.enforces(stage, peer, stream, ClientJudge.Scope.CONNECTION,
                            ErrorCode.PROTOCOL_ERROR);
                }));
    }

    static ClientCase pushAcceptedOrRefused() {
        return ClientCase.define("client/8.4/push-accepted-or-refused").rfc("RFC 9113 §8.4.2")
                .quote("If the client determines, for any reason, that it does not wish to receive the pushed response "
                        + "from the server or if the server takes too long to begin sending the promised response, the "
                        + "client can send a RST_STREAM frame, using either the CANCEL or REFUSED_STREAM code and "
                        + "referencing the pushed stream's identifier.")
                .does("to a client that allows push, promises GET /pushed, sends the pushed 200 with 5 octets, then "
                        + "the response (SKIP when the client disabled push)")
                .run(whenPushEnabled((stage, peer, stream) -> {
                    promise(peer, stream, "GET");
                    peer.headers(PROMISED, List.of(field(":status", "200"), field("content-length", "5")), false);
                    peer.send(DataFrame.of(PROMISED, ServerPart.BODY, true));
                    ServerPart.respond(peer, stream);
                }, (stage, peer, stream, after) -> {
                    String expected = "the response delivered; the push taken, or reset with CANCEL or REFUSED_STREAM";
                    for (Frame f : after) {
                        int code = ResponseScripts.errorCode(f, PROMISED);
                        if (code >= 0 && code != ErrorCode.CANCEL.code() && code != ErrorCode.REFUSED_STREAM.code()) {
                            return Verdict.fail(expected, "sent " + said(f));
                        }
                    }
                    return ResponseScripts.delivered(stage, 200, ServerPart.BODY.length);
                }));
    }

    static ClientCase pushUnsafeMethod() {
        return ClientCase.define("client/8.4.1/push-promise-unsafe-method").rfc("RFC 9113 §8.4.1")
                .quote("If a client receives a PUSH_PROMISE that does not include a complete and valid set of header "
                        + "fields or the \":method\" pseudo-header field identifies a method that is not safe, it MUST "
                        + "respond on the promised stream with a stream error (Section 5.4.2) of type PROTOCOL_ERROR.")
                .does("to a client that allows push, promises POST /pushed, then sends the response (SKIP when the "
                        + "client disabled push)")
                .run(whenPushEnabled((stage, peer, stream) -> {
                    promise(peer, stream, "POST");
                    ServerPart.respond(peer, stream);
                }, (stage, peer, stream, after) -> {
                    String expected = "RST_STREAM PROTOCOL_ERROR on promised stream " + PROMISED
                            + " (or GOAWAY PROTOCOL_ERROR)";
                    ClientOutcome outcome = stage.outcomes().get(0);
                    for (Frame f : after) {
                        int code = ResponseScripts.errorCode(f, PROMISED);
                        if (code >= 0) {
                            return code == ErrorCode.PROTOCOL_ERROR.code()
                                    ? Verdict.pass(expected, "sent " + said(f) + "; " + outcome)
                                    : Verdict.lenient(expected, "sent " + said(f) + "; " + outcome);
                        }
                    }
                    return Verdict.fail(expected, "took the unsafe promise without resetting it; " + outcome);
                }));
    }

    /** The server's moves for a client that allows push. */
    @FunctionalInterface
    private interface PushScript {
        void play(ClientStage stage, ScriptedPeer peer, int stream) throws IOException;
    }

    /** The verdict from what the client sent after the script. */
    @FunctionalInterface
    private interface PushJudge {
        Verdict judge(ClientStage stage, ScriptedPeer peer, int stream, List<Frame> after) throws InterruptedException;
    }

    private static ClientCaseBody whenPushEnabled(PushScript script, PushJudge judge) {
        return ResponseScripts.onGet((stage, peer, stream) -> {
            if (!pushEnabled(peer)) {
                ServerPart.respond(peer, stream);
                stage.outcomes();
                return Verdict.skip("the client disabled push (SETTINGS_ENABLE_PUSH 0)");
            }
            ResponseScripts.playTolerant(peer, stream, (p, s) -> script.play(stage, p, s));
            List<Frame> after = C6_4_RstStream.untilFinished(stage, peer);
            return judge.judge(stage, peer, stream, after);
        });
    }

    /** Whether the client's first SETTINGS leaves push enabled (it is unless it says SETTINGS_ENABLE_PUSH 0). */
    private static boolean pushEnabled(ScriptedPeer peer) throws IOException {
        SettingsFrame settings = null;
        for (Frame f : peer.received()) {
            if (f instanceof SettingsFrame s && !s.ack()) {
                settings = s;
                break;
            }
        }
        if (settings == null) {
            settings = (SettingsFrame) peer.await(f -> f instanceof SettingsFrame s && !s.ack());
        }
        if (settings == null) {
            return true;
        }
        boolean enabled = true;
        for (RawSetting s : settings.settings()) {
            if (s.id() == ENABLE_PUSH) {
                enabled = s.value() != 0;
            }
        }
        return enabled;
    }

    /** A PUSH_PROMISE on {@code stream} promising stream 2: {@code method} /pushed on the request's authority. */
    private static void promise(ScriptedPeer peer, int stream, String method) throws IOException {
        String authority = "127.0.0.1";
        List<HeaderField> request = ResponseScripts.requestFields(peer, stream);
        for (HeaderField f : request == null ? List.<HeaderField>of() : request) {
            if (f.name().equals(":authority")) {
                authority = f.value();
            }
        }
        byte[] block = peer.encode(List.of(field(":method", method), field(":scheme", "http"),
                field(":authority", authority), field(":path", "/pushed")));
        peer.send(PushPromiseFrame.of(stream, PROMISED, block, true));
    }

    private static String said(Frame f) {
        return ServerPart.describe(f);
    }
}
