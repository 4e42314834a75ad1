package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.scripted.Incoming;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** RFC 9113 §10.5: a server that floods the client with frames it must answer. */
public final class C10_5_DenialOfService implements ClientSection {

    /** PINGs in the flood: enough to trip a client's outbound-queue limit, few enough to finish in well under 1 s. */
    static final int PING_FLOOD = 2_000;
    /** PINGs written at once; the client's ACKs are read between batches so neither side's socket buffer fills. */
    private static final int BATCH = 100;

    @Override
    public String id() {
        return "client/10.5";
    }

    @Override
    public String title() {
        return "Denial-of-Service Considerations";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(pingFlood());
    }

    static ClientCase pingFlood() {
        return ClientCase.define("client/10.5/ping-flood").rfc("RFC 9113 §10.5")
                .quote("An endpoint MAY treat activity that is suspicious as a connection error (Section 5.4.1) of "
                        + "type ENHANCE_YOUR_CALM.")
                .does("sends " + PING_FLOOD + " PINGs in batches of " + BATCH + ", then the response: every PING "
                        + "answered and the response delivered, or GOAWAY ENHANCE_YOUR_CALM")
                .run(ResponseScripts.onGet((stage, peer, stream) -> {
                    String expected = PING_FLOOD + " PING ACKs and the response, or GOAWAY ENHANCE_YOUR_CALM";
                    int acks = 0;
                    Integer goAway = null;
                    boolean closed = false;
                    for (int sent = 0; sent < PING_FLOOD && goAway == null && !closed; sent += BATCH) {
                        ByteArrayOutputStream batch = new ByteArrayOutputStream();
                        for (int i = 0; i < BATCH; i++) {
                            batch.writeBytes(FrameWriter.encode(PingFrame.of(sent + i)));
                        }
                        try {
                            peer.sendBatch(batch.toByteArray());
                        } catch (IOException e) {
                            closed = true;
                        }
                        Incoming in;
                        while ((in = peer.next(Duration.ZERO)) != null) {
                            if (in instanceof Incoming.Closed) {
                                closed = true;
                                break;
                            }
                            if (in instanceof Incoming.FrameIn f && f.frame() instanceof PingFrame p && p.ack()) {
                                acks++;
                            } else if (in instanceof Incoming.FrameIn f && f.frame() instanceof GoAwayFrame g) {
                                goAway = g.errorCode();
                            }
                        }
                    }
                    if (goAway == null && !closed) {
                        ResponseScripts.playTolerant(peer, stream, ServerPart::respond);
                        for (var f : C6_4_RstStream.untilFinished(stage, peer)) {
                            if (f instanceof PingFrame p && p.ack()) {
                                acks++;
                            } else if (f instanceof GoAwayFrame g) {
                                goAway = g.errorCode();
                            }
                        }
                    } else if (goAway == null) {
                        // the close was seen first (a write failed): the GOAWAY the client sent before it may still
                        // be unread, so read up to the connection's end
                        for (var f : C6_4_RstStream.untilFinished(stage, peer)) {
                            if (f instanceof GoAwayFrame g) {
                                goAway = g.errorCode();
                            }
                        }
                    }
                    ClientOutcome outcome = stage.outcomes().get(0);
                    String did = acks + " PING ACKs" + (goAway == null ? "" : ", GOAWAY "
                            + ErrorCode.nameOf(goAway)) + "; " + outcome;
                    if (goAway != null && goAway == ErrorCode.ENHANCE_YOUR_CALM.code()) {
                        return Verdict.pass(expected, did);
                    }
                    if (outcome.kind() == ClientOutcome.Kind.TIMED_OUT) {
                        return Verdict.fail(expected, "hung: " + did);
                    }
                    if (outcome.reportedSuccess()) {
                        return acks == PING_FLOOD ? Verdict.pass(expected, did)
                                : Verdict.fail(expected, "left PINGs unanswered (RFC 9113 §6.7): " + did);
                    }
                    return Verdict.lenient(expected, "ended the connection another way: " + did);
                }));
    }
}
