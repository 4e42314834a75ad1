package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/** RFC 9113 §6.9 (and §5.2): WINDOW_UPDATE and flow control, both ways. */
public final class C6_9_WindowUpdate implements ClientSection {

    private static final int MAX_WINDOW = Integer.MAX_VALUE;
    /** An upload the default windows cannot take at once. */
    static final int UPLOAD = 100_000;
    /** A response several default windows long. */
    static final int LARGE_RESPONSE = 300_000;
    /** Requests of the connection-window overrun: enough stream windows to fill most clients' connection window. */
    static final int OVERRUN_STREAMS = 10;

    private static final String EXCEED = "The sender MUST NOT send a flow-controlled frame with a length that exceeds "
            + "the space available in either of the flow-control windows advertised by the receiver.";
    private static final String ABOVE_MAX = "If a sender receives a WINDOW_UPDATE that causes a flow-control window to "
            + "exceed this maximum, it MUST terminate either the stream or the connection, as appropriate.";

    @Override
    public String id() {
        return "client/6.9";
    }

    @Override
    public String title() {
        return "WINDOW_UPDATE";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(zeroIncrementOnStream(), zeroIncrementOnConnection(), windowUpdateOfThreeOctets(),
                windowUpdateOnHalfClosedStream(), connectionWindowAboveMaximum(), streamWindowAboveMaximum(),
                initialWindowSizeOverflow(), uploadWithinStreamWindow(), uploadWithinConnectionWindow(),
                negativeWindowAfterSettings(), largeResponseCompletes(), dataBeyondStreamWindow(),
                dataBeyondConnectionWindow());
    }

    static ClientCase zeroIncrementOnStream() {
        return ClientCase.define("client/6.9/zero-increment-on-stream").rfc("RFC 9113 §6.9")
                .quote("A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window increment "
                        + "of 0 as a stream error (Section 5.4.2) of type PROTOCOL_ERROR; errors on the connection "
                        + "flow-control window MUST be treated as a connection error (Section 5.4.1).")
                .does("sends WINDOW_UPDATE with increment 0 on the request's stream (its upload still open), then a "
                        + "response")
                .needs(ClientAbility.BODY)
                .run(ServerMoves.breaksUpload(UPLOAD, ClientJudge.Scope.STREAM, ErrorCode.PROTOCOL_ERROR,
                        (peer, stream) -> {
                            peer.sendRaw(FrameType.WINDOW_UPDATE.code(), 0, stream, new byte[4]);
                            ServerPart.respond(peer, stream);
                        }));
    }

    static ClientCase zeroIncrementOnConnection() {
        return ClientCase.define("client/6.9/zero-increment-on-connection").rfc("RFC 9113 §6.9")
                .quote("A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window increment "
                        + "of 0 as a stream error (Section 5.4.2) of type PROTOCOL_ERROR; errors on the connection "
                        + "flow-control window MUST be treated as a connection error (Section 5.4.1).")
                .does("sends WINDOW_UPDATE with increment 0 on stream 0, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.WINDOW_UPDATE.code(), 0, 0, new byte[4]);
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase windowUpdateOfThreeOctets() {
        return ClientCase.define("client/6.9/window-update-of-three-octets").rfc("RFC 9113 §6.9")
                .quote("A WINDOW_UPDATE frame with a length other than 4 octets MUST be treated as a connection error "
                        + "(Section 5.4.1) of type FRAME_SIZE_ERROR.")
                .does("sends WINDOW_UPDATE with a 3-octet payload on stream 0, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.WINDOW_UPDATE.code(), 0, 0, new byte[] {0, 1, 0});
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase windowUpdateOnHalfClosedStream() {
        return ClientCase.define("client/6.9/window-update-on-half-closed-stream").rfc("RFC 9113 §6.9")
                .quote("A receiver MUST NOT treat this as an error (see Section 5.1).")
                .does("sends WINDOW_UPDATE on the request's stream after the client ended it, then a response")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.send(WindowUpdateFrame.of(stream, 1000));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase connectionWindowAboveMaximum() {
        return ClientCase.define("client/6.9.1/connection-window-above-maximum").rfc("RFC 9113 §6.9.1")
                .quote(ABOVE_MAX)
                .does("sends WINDOW_UPDATE 2^31-1 on stream 0 (65,535 + 2^31-1 is above the maximum), then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.FLOW_CONTROL_ERROR, (peer, stream) -> {
                    peer.send(WindowUpdateFrame.of(0, MAX_WINDOW));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase streamWindowAboveMaximum() {
        return ClientCase.define("client/6.9.1/stream-window-above-maximum").rfc("RFC 9113 §6.9.1")
                .quote(ABOVE_MAX)
                .does("sends two WINDOW_UPDATEs of 2^31-1 on the stream of an unfinished upload, then a response")
                .needs(ClientAbility.BODY)
                .run(ServerMoves.breaksUpload(UPLOAD, ClientJudge.Scope.STREAM, ErrorCode.FLOW_CONTROL_ERROR,
                        (peer, stream) -> {
                            ByteArrayOutputStream frames = new ByteArrayOutputStream();
                            frames.writeBytes(FrameWriter.encode(WindowUpdateFrame.of(stream, MAX_WINDOW)));
                            frames.writeBytes(FrameWriter.encode(WindowUpdateFrame.of(stream, MAX_WINDOW)));
                            peer.send(frames.toByteArray());
                            ServerPart.respond(peer, stream);
                        }));
    }

    static ClientCase initialWindowSizeOverflow() {
        return ClientCase.define("client/6.9.2/initial-window-size-overflow").rfc("RFC 9113 §6.9.2")
                .quote("An endpoint MUST treat a change to SETTINGS_INITIAL_WINDOW_SIZE that causes any flow-control "
                        + "window to exceed the maximum size as a connection error (Section 5.4.1) of type "
                        + "FLOW_CONTROL_ERROR.")
                .does("raises an unfinished upload's stream window to 2^31-1 minus what was sent, then (same write) "
                        + "SETTINGS_INITIAL_WINDOW_SIZE 2^31-1, then a response")
                .needs(ClientAbility.BODY)
                .run(ServerMoves.breaksUpload(UPLOAD, ClientJudge.Scope.CONNECTION, ErrorCode.FLOW_CONTROL_ERROR,
                        (peer, stream) -> {
                            ByteArrayOutputStream frames = new ByteArrayOutputStream();
                            frames.writeBytes(FrameWriter.encode(WindowUpdateFrame.of(stream,
                                    MAX_WINDOW - (int) ClientWindows.DEFAULT_WINDOW)));
                            frames.writeBytes(FrameWriter.encode(SettingsFrame.of(new RawSetting(
                                    ClientWindows.SETTINGS_INITIAL_WINDOW_SIZE, MAX_WINDOW))));
                            peer.send(frames.toByteArray());
                            ServerPart.respond(peer, stream);
                        }));
    }

    static ClientCase uploadWithinStreamWindow() {
        return ClientCase.define("client/6.9.1/upload-within-stream-window").rfc("RFC 9113 §6.9.1").quote(EXCEED)
                .does("sets SETTINGS_INITIAL_WINDOW_SIZE 4096, opens the connection window by 1 MiB, and grants "
                        + "4096 more on the stream each time a " + UPLOAD + "-octet upload pauses")
                .needs(ClientAbility.BODY)
                .run(stage -> upload(stage, 4096, 1 << 20, u -> u.grant(4096, 0)));
    }

    static ClientCase uploadWithinConnectionWindow() {
        return ClientCase.define("client/6.9.1/upload-within-connection-window").rfc("RFC 9113 §6.9.1").quote(EXCEED)
                .does("sets SETTINGS_INITIAL_WINDOW_SIZE 1 MiB, leaves the connection window at 65,535, and grants "
                        + "16384 more on the connection each time a " + UPLOAD + "-octet upload pauses")
                .needs(ClientAbility.BODY)
                .run(stage -> upload(stage, 1 << 20, 0, u -> u.grant(0, 16_384)));
    }

    private static Verdict upload(ClientStage stage, long initialWindow, long connectionGrant, Uploads.OnQuiet onQuiet)
            throws Exception {
        stage.start(List.of(ClientRequest.post(stage.url("/upload"), BodyFiles.of(UPLOAD))));
        try (ScriptedPeer peer = stage.accept()) {
            UploadReceiver upload = new UploadReceiver(peer);
            upload.settings(initialWindow);
            upload.acknowledge();
            upload.grant(0, connectionGrant);
            return Uploads.finish(stage, peer, upload, UPLOAD, onQuiet);
        }
    }

    static ClientCase negativeWindowAfterSettings() {
        return ClientCase.define("client/6.9.2/negative-window-after-settings").rfc("RFC 9113 §6.9.2")
                .quote("A sender MUST track the negative flow-control window and MUST NOT send new flow-controlled "
                        + "frames until it receives WINDOW_UPDATE frames that cause the flow-control window to become "
                        + "positive.")
                .does("lets an upload use its 65,535-octet stream window, lowers SETTINGS_INITIAL_WINDOW_SIZE to 16384 "
                        + "(window -49,151), grants 16384 (still negative) and waits, then grants enough to resume")
                .needs(ClientAbility.BODY)
                .run(stage -> {
                    stage.start(List.of(ClientRequest.post(stage.url("/upload"), BodyFiles.of(UPLOAD))));
                    try (ScriptedPeer peer = stage.accept()) {
                        UploadReceiver upload = new UploadReceiver(peer);
                        upload.settings(ClientWindows.DEFAULT_WINDOW);
                        upload.acknowledge();
                        upload.grant(0, 1 << 20);
                        long deadline = System.nanoTime() + stage.timeout().toNanos();
                        while (!upload.over() && System.nanoTime() - deadline < 0
                                && !(upload.pump(Uploads.QUIET) && upload.stream() > 0)) {
                            // until the stream's window is used and the client is waiting (its ACK long sent)
                        }
                        if (upload.over() || upload.stream() < 0) {
                            return Uploads.judge(stage, peer, upload, UPLOAD);
                        }
                        if (!upload.acknowledged()) {
                            return Verdict.skip("the client never acknowledged the server's SETTINGS (RFC 9113 §6.5.3), "
                                    + "so its stream window could not be lowered under it");
                        }
                        upload.settings(16_384);
                        while (upload.pump(Uploads.QUIET) && !upload.acknowledged() && !stage.clientFinished()) {
                            // until the client acknowledged the lower window
                        }
                        upload.grant(16_384, 0); // 16384 - sent + 16384: still negative after a full window
                        upload.pump(Uploads.QUIET.multipliedBy(3)); // DATA now breaks the rule
                        long window = 16_384 + 16_384 - upload.streamOctets();
                        if (!upload.over() && window <= 0) {
                            upload.grant(-window + 16_384, 0); // positive again: 16384
                        }
                        return Uploads.finish(stage, peer, upload, UPLOAD, u -> u.grant(16_384, 0));
                    }
                });
    }

    static ClientCase largeResponseCompletes() {
        return ClientCase.define("client/6.9.1/large-response-completes").rfc("RFC 9113 §6.9.1")
                .quote("The receiver of a frame sends a WINDOW_UPDATE frame as it consumes data and frees up space in "
                        + "flow-control windows.")
                .does("answers with " + LARGE_RESPONSE + " octets, never beyond the client's windows, waiting for its "
                        + "WINDOW_UPDATEs")
                .run(ServerMoves.onRequest((stage, peer, stream) -> {
                    ClientWindows windows = new ClientWindows(peer);
                    peer.headers(stream, ServerMoves.OK, false);
                    long left = LARGE_RESPONSE;
                    long deadline = System.nanoTime() + stage.timeout().toNanos();
                    while (left > 0 && System.nanoTime() - deadline < 0 && windows.readWaiting()) {
                        long room = Math.min(Math.min(windows.space(stream), windows.space(0)),
                                Math.min(windows.maxFrame(), left));
                        if (room <= 0) {
                            if (peer.next(ServerMoves.LOOK) instanceof Incoming.Closed) {
                                break;
                            }
                            continue;
                        }
                        windows.send(stream, (int) room, room == left);
                        left -= room;
                    }
                    ClientOutcome outcome = stage.outcomes().get(0);
                    String expected = "the " + LARGE_RESPONSE + "-octet response, the windows reopened as it came";
                    if (left > 0) {
                        return Verdict.fail(expected, "stalled after " + (LARGE_RESPONSE - left) + " octets: its "
                                + "windows had " + windows.space(stream) + " (stream) and " + windows.space(0)
                                + " (connection) octets left; " + outcome);
                    }
                    return ServerMoves.judgeAccepted(stage, peer, stream, LARGE_RESPONSE);
                }));
    }

    static ClientCase dataBeyondStreamWindow() {
        return ClientCase.define("client/6.9.1/data-beyond-stream-window").rfc("RFC 9113 §6.9").should()
                .quote("A receiver MAY respond with a stream error (Section 5.4.2) or connection error (Section 5.4.1) "
                        + "of type FLOW_CONTROL_ERROR if it is unable to accept a frame.")
                .does("fills the client's stream window to less than a frame, waits for its WINDOW_UPDATEs to stop, "
                        + "then sends one DATA frame an octet longer than the space left")
                .run(ServerMoves.onRequest((stage, peer, stream) -> {
                    return WindowOverrun.overrun(stage, peer, List.of(stream), false);
                }));
    }

    static ClientCase dataBeyondConnectionWindow() {
        return ClientCase.define("client/6.9.1/data-beyond-connection-window").rfc("RFC 9113 §6.9").should()
                .quote("A receiver MAY respond with a stream error (Section 5.4.2) or connection error (Section 5.4.1) "
                        + "of type FLOW_CONTROL_ERROR if it is unable to accept a frame.")
                .does("fills the client's connection window over " + OVERRUN_STREAMS + " responses to less than a "
                        + "frame, waits for its WINDOW_UPDATEs to stop, then sends one DATA frame an octet too long")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> {
                    List<String> paths = new ArrayList<>();
                    for (int i = 0; i < OVERRUN_STREAMS; i++) {
                        paths.add("/" + i);
                    }
                    stage.start(paths.toArray(String[]::new));
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        List<Integer> streams = new ArrayList<>();
                        long deadline = System.nanoTime() + stage.timeout().toNanos();
                        while (streams.size() < OVERRUN_STREAMS && System.nanoTime() - deadline < 0) {
                            Incoming in = peer.next(Uploads.QUIET);
                            if (in instanceof Incoming.Closed || in == null && !streams.isEmpty()) {
                                break; // a client that makes fewer at once: the streams it made
                            }
                            if (in instanceof Incoming.FrameIn f && f.frame() instanceof HeadersFrame h) {
                                streams.add(h.streamId());
                            }
                        }
                        if (streams.isEmpty()) {
                            return Verdict.inconclusive("requests", "the connection ended before a request");
                        }
                        return WindowOverrun.overrun(stage, peer, streams, true);
                    }
                });
    }
}
