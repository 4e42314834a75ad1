package io.h2scope.conformance.client;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** What a well-behaved server does around a case's own moves: its SETTINGS, and an ordinary response. */
public final class ServerPart {

    /** The body of an ordinary response. */
    public static final byte[] BODY = "hello".getBytes(StandardCharsets.US_ASCII);

    private ServerPart() {
    }

    /** The server's (empty) SETTINGS and the ACK of the client's, which a client waits for before it counts on ours. */
    public static void settings(ScriptedPeer peer) throws IOException {
        peer.send(SettingsFrame.of(List.of()));
        peer.send(SettingsFrame.ackFrame());
    }

    /**
     * The client's request: its stream id, or -1 when the connection ended first. A request the case's own waits read
     * past already (a client may send it before its SETTINGS ACK) counts: it is not waited for again.
     */
    public static int request(ScriptedPeer peer) throws IOException {
        for (Frame f : peer.received()) {
            if (f instanceof HeadersFrame) {
                return f.streamId();
            }
        }
        Frame headers = peer.await(f -> f instanceof HeadersFrame);
        return headers == null ? -1 : headers.streamId();
    }

    /**
     * The first frame matching {@code wanted} the client sends, or null when the connection ended or none came within
     * the case's timeout: for a case whose rule is that the client sends it (an ACK), where its absence is the verdict.
     */
    public static Frame owed(ScriptedPeer peer, java.util.function.Predicate<Frame> wanted) throws IOException {
        try {
            return peer.await(wanted);
        } catch (java.net.SocketTimeoutException e) {
            return null;
        }
    }

    /** A 200 with {@link #BODY} on {@code stream}. */
    public static void respond(ScriptedPeer peer, int stream) throws IOException {
        peer.headers(stream, List.of(new HeaderField(":status", "200"),
                new HeaderField("content-length", Integer.toString(BODY.length))), false);
        peer.send(DataFrame.of(stream, BODY, true));
    }

    /** The client's request answered with an ordinary response; its stream id, or -1 when none came. */
    public static int serve(ScriptedPeer peer) throws IOException {
        int stream = request(peer);
        if (stream > 0) {
            respond(peer, stream);
        }
        return stream;
    }

    /** What the other side did, in a few words, for a verdict. */
    public static String describe(Incoming in) {
        if (in instanceof Incoming.FrameIn f) {
            return ClientJudge.describe(f.frame());
        }
        return in == null ? "nothing within the case's timeout" : in.toString();
    }

    /** A frame the other side sent, in a few words, for a verdict. */
    public static String describe(Frame frame) {
        return ClientJudge.describe(frame);
    }
}
