package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.List;

/**
 * FOR TESTS ONLY: where a test can make one connection break RFC rules on purpose, so that the conformance
 * suite can prove each of its cases detects the break it is written for. The engine ships no implementation;
 * a connection holds null unless {@link ConnectionConfig#withHooksForTesting} gave it one, and asks only
 * after a null check, so the production path pays that check and nothing else. One instance per connection
 * (it may count what it saw).
 */
public interface ConnectionHooks {

    /** Whether {@code error}, which the engine is about to send, is dropped instead (asked on error paths only). */
    boolean swallows(H2Exception error);

    /** An error to raise on receiving {@code frame} (asked for RST_STREAM and GOAWAY), or null. */
    H2Exception provokedBy(Frame frame);

    /** An error to raise for a request head the engine's rules accepted, or null. */
    H2Exception provokedByRequest(int streamId, List<HeaderField> fields);

    /** The limits this connection enforces instead of {@code limits} (asked once, when it is built). */
    Limits loosen(Limits limits);

    /** Whether our preface waits for the peer's first octet after its connection preface. */
    boolean holdsPrefaceUntilInput();

    /** Called with each SETTINGS frame (not an ACK) received; may throw the error the engine then sends. */
    void checkSettings(SettingsFrame frame);

    /** The frame to write instead of {@code frame}, or null to write nothing. */
    Frame rewrite(Frame frame);

    /** A frame to write right after {@code frame}, or null. */
    Frame after(Frame frame);

    /** A frame to write right after we sent END_STREAM on {@code streamId}, or null. */
    Frame afterEndStream(int streamId);

    /** The largest DATA frame to write, given the peer's SETTINGS_MAX_FRAME_SIZE. */
    int dataFrameSize(int peerMaxFrameSize);

    /** The header section to send instead of {@code headers}. */
    List<HeaderField> headers(List<HeaderField> headers);
}
