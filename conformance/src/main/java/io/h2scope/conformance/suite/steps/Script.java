package io.h2scope.conformance.suite.steps;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.engine.trace.text.FrameWords;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.settings.SettingId;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/** Steps many cases share: requests, dummy field blocks, waiting for a stream to end. */
public final class Script {

    private Script() {
    }

    /** The field block of a GET for the target's path. */
    public static byte[] getBlock(Peer p) {
        return p.encodeHeaders(p.requestHeaders(p.target().path()));
    }

    /** The field block of a POST for the target's path (a body follows). */
    public static byte[] postBlock(Peer p) {
        return p.encodeHeaders(p.requestHeaders("POST", p.target().path()));
    }

    /** A complete GET on {@code streamId}: HEADERS with END_STREAM and END_HEADERS. */
    public static void get(Peer p, int streamId) {
        p.send(HeadersFrame.of(streamId, getBlock(p), true, true));
    }

    /** A POST head on {@code streamId}, the stream left open for DATA. */
    public static void openPost(Peer p, int streamId) {
        p.send(HeadersFrame.of(streamId, postBlock(p), false, true));
    }

    /** A small valid field-block fragment, for CONTINUATION frames: {@code x-dummy: dummy}. */
    public static byte[] dummyBlock(Peer p) {
        return p.encodeHeaders(List.of(new HeaderField("x-dummy", "dummy")));
    }

    public static void data(Peer p, int streamId, String text, boolean endStream) {
        p.send(DataFrame.of(streamId, text.getBytes(StandardCharsets.US_ASCII), endStream));
    }

    public static void continuation(Peer p, int streamId, byte[] fragment, boolean endHeaders) {
        p.send(ContinuationFrame.of(streamId, fragment, endHeaders));
    }

    /** Sends SETTINGS_INITIAL_WINDOW_SIZE = {@code value}. */
    public static void initialWindow(Peer p, long value) {
        p.send(SettingsFrame.of(new RawSetting(SettingId.INITIAL_WINDOW_SIZE.code(), value)));
    }

    /**
     * Waits until the target ends {@code streamId} (END_STREAM or RST_STREAM), the set-up of the
     * "closed stream" cases. Empty when it did; otherwise the verdict to return: FAIL when the target
     * answered our valid request with GOAWAY (its answer, judged), INCONCLUSIVE when it said nothing.
     */
    public static Optional<Verdict> awaitStreamEnd(Peer p, int streamId) {
        String expected = "the response to our GET on stream " + streamId + " (the case's set-up)";
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f) {
                Frame frame = f.frame();
                boolean onStream = frame.streamId() == streamId;
                if (onStream && (frame instanceof RstStreamFrame
                        || frame instanceof DataFrame d && d.endStream()
                        || frame instanceof HeadersFrame h && h.endStream())) {
                    return Optional.empty();
                }
                if (frame instanceof GoAwayFrame g) {
                    return Optional.of(Verdict.fail(expected, "the target answered a valid GET with " + FrameWords.goAway(g)));
                }
            } else if (event instanceof PeerEvent.Timeout) {
                return Optional.of(setUpFailed("stream " + streamId + " was not ended by the target: " + event.describe()));
            } else if (event instanceof PeerEvent.ConnectionClosed || event instanceof PeerEvent.Http1Response) {
                return Optional.of(Verdict.fail(expected, "the target answered a valid GET with " + event.describe()));
            }
        }
    }

    /**
     * Waits until the target has acknowledged every SETTINGS frame we sent (counted: an ACK of an
     * earlier SETTINGS, still queued, is not taken for the ACK of the latest). Empty when it did.
     * GOAWAY or a close in answer to valid SETTINGS is the target's answer: FAIL. Silence is judged
     * by {@link Expect#settingsAck}'s rules: FAIL when the connection is otherwise alive.
     */
    public static Optional<Verdict> awaitSettingsAck(Peer p) {
        Verdict verdict = Expect.settingsAck(p);
        return verdict.outcome() == Outcome.PASS ? Optional.empty() : Optional.of(verdict);
    }

    private static Verdict setUpFailed(String why) {
        return Verdict.inconclusive("the case's set-up to complete", why);
    }
}
