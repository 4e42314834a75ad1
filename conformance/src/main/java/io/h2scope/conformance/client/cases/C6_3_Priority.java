package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import java.util.List;

/** RFC 9113 §6.3: PRIORITY from the server, deprecated but still to be read. */
public final class C6_3_Priority implements ClientSection {

    @Override
    public String id() {
        return "client/6.3";
    }

    @Override
    public String title() {
        return "PRIORITY";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(priorityOnOpenStreamIgnored(), priorityOnIdleStreamIgnored(), priorityOfFourOctets(),
                priorityOnStreamZero());
    }

    static ClientCase priorityOnOpenStreamIgnored() {
        return ClientCase.define("client/6.3/priority-on-open-stream-ignored").rfc("RFC 9113 §6.3")
                .quote("Sending or receiving a PRIORITY frame does not affect the state of any stream (Section 5.1).")
                .does("sends PRIORITY on the request's stream, then an ordinary response")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.send(PriorityFrame.of(stream, new Priority(0, true, 100)));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase priorityOnIdleStreamIgnored() {
        return ClientCase.define("client/6.3/priority-on-idle-stream-ignored").rfc("RFC 9113 §6.3")
                .quote("The PRIORITY frame can be sent on a stream in any state, including \"idle\" or \"closed\".")
                .does("sends PRIORITY on an idle stream (the request's id + 10), then an ordinary response")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.send(PriorityFrame.of(stream + 10, new Priority(stream, false, 16)));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase priorityOfFourOctets() {
        return ClientCase.define("client/6.3/priority-of-four-octets").rfc("RFC 9113 §6.3")
                .quote("A PRIORITY frame with a length other than 5 octets MUST be treated as a stream error "
                        + "(Section 5.4.2) of type FRAME_SIZE_ERROR.")
                .does("sends PRIORITY with a 4-octet payload on the request's stream, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.STREAM, ErrorCode.FRAME_SIZE_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.PRIORITY.code(), 0, stream, new byte[4]);
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase priorityOnStreamZero() {
        return ClientCase.define("client/6.3/priority-on-stream-zero").rfc("RFC 9113 §6.3")
                .quote("If a PRIORITY frame is received with a stream identifier of 0x00, the recipient MUST respond "
                        + "with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends PRIORITY on stream 0, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.PRIORITY.code(), 0, 0, new byte[] {0, 0, 0, 1, 16});
                    ServerPart.respond(peer, stream);
                }));
    }
}
