package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/** RFC 9113 §5.1 and §5.1.1: stream states and identifiers, as the client must keep and check them. */
public final class C5_1_StreamStates implements ClientSection {

    /** Requests of the stream identifier cases. */
    static final int PARALLEL = 3;

    /** An upload longer than the default window: the client cannot have ended it before it reads the SETTINGS. */
    static final int UPLOAD = 100_000;

    @Override
    public String id() {
        return "client/5.1";
    }

    @Override
    public String title() {
        return "Stream States";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(dataOnIdleStream(), headersOnOddIdleStream(), headersOnEvenStreamNotPromised(),
                dataOnHalfClosedRemoteStream(), streamIdsOdd(), streamIdsIncreasing());
    }

    static ClientCase dataOnIdleStream() {
        return ClientCase.define("client/5.1/data-on-idle-stream").rfc("RFC 9113 §5.1")
                .quote("Receiving any frame other than HEADERS or PRIORITY on a stream in this state MUST be treated as "
                        + "a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends DATA on the idle stream 2 above the request's, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(DataFrame.of(stream + 2, ServerPart.BODY, false));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase headersOnOddIdleStream() {
        return ClientCase.define("client/5.1.1/headers-on-odd-stream-from-server").rfc("RFC 9113 §5.1.1")
                .quote("An endpoint that receives an unexpected stream identifier MUST respond with a connection error "
                        + "(Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("opens the odd (client-side) stream 2 above the request's with HEADERS, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream + 2, C5_5_Extending.STATUS_200, true, true));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase headersOnEvenStreamNotPromised() {
        return ClientCase.define("client/5.1/headers-on-even-stream-not-promised").rfc("RFC 9113 §5.1")
                .quote("If this stream is initiated by the server, as described in Section 5.1.1, then receiving a "
                        + "HEADERS frame MUST also be treated as a connection error (Section 5.4.1) of type "
                        + "PROTOCOL_ERROR.")
                .does("sends HEADERS on stream 2, which no PUSH_PROMISE reserved, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(2, C5_5_Extending.STATUS_200, true, true));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase dataOnHalfClosedRemoteStream() {
        return ClientCase.define("client/5.1/data-on-half-closed-remote-stream").rfc("RFC 9113 §5.1")
                .quote("If an endpoint receives additional frames, other than WINDOW_UPDATE, PRIORITY, or RST_STREAM, "
                        + "for a stream that is in this state, it MUST respond with a stream error (Section 5.4.2) of "
                        + "type STREAM_CLOSED.")
                .does("sets SETTINGS_INITIAL_WINDOW_SIZE 0 so that an upload waits, answers it with END_STREAM and "
                        + "5 more octets of DATA (one write), then RST_STREAM NO_ERROR")
                .needs(ClientAbility.BODY)
                .run(stage -> {
                    stage.start(List.of(ClientRequest.post(stage.url("/upload"), BodyFiles.of(UPLOAD))));
                    try (ScriptedPeer peer = stage.accept()) {
                        peer.send(SettingsFrame.of(new RawSetting(ClientWindows.SETTINGS_INITIAL_WINDOW_SIZE, 0)));
                        peer.send(SettingsFrame.ackFrame());
                        int stream = ServerPart.request(peer);
                        if (stream < 0) {
                            return Verdict.inconclusive("a request", "the connection ended before the request");
                        }
                        ByteArrayOutputStream frames = new ByteArrayOutputStream();
                        frames.writeBytes(FrameWriter.encode(HeadersFrame.of(stream, peer.encode(ServerMoves.OK),
                                false, true)));
                        frames.writeBytes(FrameWriter.encode(DataFrame.of(stream, ServerPart.BODY, true)));
                        frames.writeBytes(FrameWriter.encode(DataFrame.of(stream, ServerPart.BODY, false)));
                        peer.send(frames.toByteArray());
                        peer.next(ServerMoves.LOOK); // the client's error, if it sends one at once, before the reset
                        try {
                            peer.send(RstStreamFrame.of(stream, ErrorCode.NO_ERROR));
                        } catch (java.io.IOException e) {
                            // the client has closed: judged on what it sent
                        }
                        return ServerMoves.afterEndStream(stage, peer, stream, ErrorCode.STREAM_CLOSED);
                    }
                });
    }

    static ClientCase streamIdsOdd() {
        return ClientCase.define("client/5.1.1/stream-ids-odd").rfc("RFC 9113 §5.1.1")
                .quote("Streams initiated by a client MUST use odd-numbered stream identifiers; those initiated by the "
                        + "server MUST use even-numbered stream identifiers.")
                .does("serves 3 requests made at once and reads the stream identifiers of their HEADERS")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> {
                    List<Integer> ids = streamIds(stage);
                    String expected = "odd stream identifiers";
                    if (ids.isEmpty()) {
                        return Verdict.inconclusive(expected, "no request came");
                    }
                    return ids.stream().allMatch(id -> id % 2 == 1) ? Verdict.pass(expected, "streams " + ids)
                            : Verdict.fail(expected, "streams " + ids);
                });
    }

    static ClientCase streamIdsIncreasing() {
        return ClientCase.define("client/5.1.1/stream-ids-increasing").rfc("RFC 9113 §5.1.1")
                .quote("The identifier of a newly established stream MUST be numerically greater than all streams that "
                        + "the initiating endpoint has opened or reserved.")
                .does("serves 3 requests made at once and reads the order of their streams' identifiers")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> {
                    List<Integer> ids = streamIds(stage);
                    String expected = "each new stream's identifier above all before it";
                    for (int i = 1; i < ids.size(); i++) {
                        if (ids.get(i) <= ids.get(i - 1)) {
                            return Verdict.fail(expected, "streams in this order: " + ids);
                        }
                    }
                    return ids.size() < 2 ? Verdict.skip("the client made fewer than two requests on the connection "
                            + "(streams " + ids + "; " + stage.outcomes() + ")")
                            : Verdict.pass(expected, "streams in this order: " + ids);
                });
    }

    /** The stream identifiers of the client's HEADERS, in the order they came, each answered as it comes. */
    private static List<Integer> streamIds(io.h2scope.conformance.client.ClientStage stage) throws Exception {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < PARALLEL; i++) {
            paths.add("/" + i);
        }
        stage.start(paths.toArray(String[]::new));
        List<Integer> ids = new ArrayList<>();
        boolean droppedEmpty = true; // a connection closed before it carried a request: take the next one
        for (int tries = 0; tries < ServerMoves.CONNECTIONS_BEFORE_A_REQUEST && ids.isEmpty() && droppedEmpty; tries++) {
            droppedEmpty = false;
            try (ScriptedPeer peer = stage.accept()) { // a failure to accept is the stage's, not retried
                try {
                    ServerPart.settings(peer);
                } catch (java.io.IOException e) {
                    droppedEmpty = true; // closed before the server's SETTINGS went out
                    continue;
                }
                long deadline = System.nanoTime() + stage.timeout().toNanos();
                while (ids.size() < PARALLEL && System.nanoTime() - deadline < 0) {
                    Incoming in = peer.next(ServerMoves.LOOK);
                    if (in instanceof Incoming.Closed) {
                        droppedEmpty = ids.isEmpty();
                        break;
                    }
                    if (in == null && stage.clientFinished()) {
                        break;
                    }
                    if (in instanceof Incoming.FrameIn f && f.frame() instanceof HeadersFrame h
                            && !ids.contains(h.streamId())) {
                        ids.add(h.streamId());
                        try {
                            ServerPart.respond(peer, h.streamId());
                        } catch (java.io.IOException e) {
                            break; // the client closed the connection: the ids it used until then are judged
                        }
                    }
                }
            }
        }
        stage.outcomes();
        return ids;
    }
}
