package io.h2scope.conformance.intermediary.origin;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;

/**
 * What both of h2scope's ends of an intermediary (the client in front, the h2c origin) answer on their own: the
 * other side's SETTINGS and PING, so that the intermediary never waits on them.
 */
public final class ControlFrames {

    private ControlFrames() {
    }

    /** Acknowledges {@code frame} when it is a SETTINGS or PING that asks for it; whether it did. */
    public static boolean acknowledge(ScriptedPeer peer, Frame frame) throws IOException {
        if (frame instanceof SettingsFrame s && !s.ack()) {
            peer.send(SettingsFrame.ackFrame());
            return true;
        }
        if (frame instanceof PingFrame p && !p.ack()) {
            peer.send(PingFrame.ackOf(p.opaqueData()));
            return true;
        }
        return false;
    }
}
