package io.h2scope.conformance.intermediary;

import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.settings.SettingId;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;

/**
 * A test intermediary that acts on every CONNECT as a forward proxy does (RFC 9113 §8.5), checking nothing: it opens
 * a TCP connection to the {@code :authority}, answers 200 once it is up and ends the tunnel at once (the client's
 * request ended with its HEADERS), or 502 when it cannot. Anything else it answers 200 itself, forwarding nothing. It may advertise
 * SETTINGS_ENABLE_CONNECT_PROTOCOL = 1 (RFC 8441 §3).
 */
final class TunnellingFront extends LoopbackRelay {

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final boolean extendedConnect;

    /** @param extendedConnect whether its SETTINGS carry SETTINGS_ENABLE_CONNECT_PROTOCOL = 1 */
    TunnellingFront(boolean extendedConnect) throws IOException {
        super(0, "tunnelling-front");
        this.extendedConnect = extendedConnect;
        startAccepting();
    }

    @Override
    void relay(Socket front) {
        try (front) {
            ScriptedPeer peer = acceptFront(front, PATIENCE);
            peer.send(extendedConnect ? SettingsFrame.of(new RawSetting(SettingId.ENABLE_CONNECT_PROTOCOL.code(), 1))
                    : SettingsFrame.of(List.of()));
            while (true) {
                Incoming in = peer.next();
                if (!(in instanceof Incoming.FrameIn f)) {
                    return;
                }
                if (f.frame() instanceof SettingsFrame s && !s.ack()) {
                    peer.send(SettingsFrame.ackFrame());
                } else if (f.frame() instanceof HeadersFrame h && f.fields() != null) {
                    peer.headers(h.streamId(), List.of(new HeaderField(":status", status(f.fields()))), true);
                }
            }
        } catch (IOException e) {
            // the case is over
        }
    }

    /** Opens and closes the tunnel of a CONNECT: 200 when it came up, 502 when not; 200 for any other request. */
    private static String status(List<HeaderField> fields) {
        if (fields.stream().noneMatch(f -> f.name().equals(":method") && f.value().equals("CONNECT"))) {
            return "200";
        }
        return tunnel(fields) ? "200" : "502";
    }

    private static boolean tunnel(List<HeaderField> fields) {
        String authority = fields.stream().filter(f -> f.name().equals(":authority")).map(HeaderField::value)
                .findFirst().orElse("");
        int colon = authority.lastIndexOf(':');
        try (Socket target = new Socket(authority.substring(0, colon), Integer.parseInt(authority.substring(colon + 1)))) {
            return target.isConnected();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
