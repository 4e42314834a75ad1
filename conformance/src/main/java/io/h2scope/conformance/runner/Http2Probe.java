package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.observer.FirstOctets;
import java.io.EOFException;
import java.net.SocketTimeoutException;
import javax.net.ssl.SSLHandshakeException;

/**
 * The one look before a run at whether the target speaks HTTP/2 at all: a connection, the valid preface, and what
 * comes back, its first octets told apart by {@link FirstOctets}. Anything but an HTTP/2 answer ends the run before
 * any case, in one line: nothing listening, an HTTP/1 status line, text, TLS on an {@code http://} port, cleartext on
 * an {@code https://} port, or no answer at all within the handshake's wait.
 */
public final class Http2Probe {

    private Http2Probe() {
    }

    /** Null when a connection reached the HTTP/2 handshake; otherwise the one line that says why none did. */
    public static String notHttp2(Target target, PeerOptions options) {
        try (Peer peer = Peer.connect(target, options)) {
            peer.handshake();
            return null;
        } catch (HandshakeException e) {
            String cleartext = e.kind() == HandshakeException.Kind.TLS && mayBeCleartext(e) ? cleartextAnswer(target, options) : null;
            String why = cleartext != null ? "the port answered in cleartext (" + cleartext + "): try " + target.withTls(false).url()
                    : e.kind().unreachable() || e.kind() == HandshakeException.Kind.NO_ANSWER ? e.getMessage()
                    : null; // reached, and whatever went wrong is for the cases to judge
            return why == null ? null : "no connection to " + target.url() + " reached the HTTP/2 handshake: " + why;
        }
    }

    /**
     * True when the TLS handshake failed in a way a cleartext listener causes: octets that are no TLS record, no
     * answer, or a close. A received alert, a certificate or ALPN refused mean the port speaks TLS.
     */
    private static boolean mayBeCleartext(HandshakeException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException || t instanceof EOFException) {
                return true;
            }
        }
        Throwable cause = e.getCause();
        return cause instanceof javax.net.ssl.SSLException && !(cause instanceof SSLHandshakeException);
    }

    /** What the port answers a cleartext HTTP/2 preface with, when that is no TLS; else null. */
    private static String cleartextAnswer(Target target, PeerOptions options) {
        try (Peer peer = Peer.connect(target.withTls(false), options)) {
            peer.sendPreface();
            peer.send(SettingsFrame.of(options.settings()));
            PeerEvent first = peer.nextEvent(options.timeout().multipliedBy(2));
            if (first instanceof PeerEvent.FrameReceived || first instanceof PeerEvent.PeerViolation) {
                return "HTTP/2 frames, h2c";
            }
            return first instanceof PeerEvent.Http1Response
                    || first instanceof PeerEvent.NotHttp2 n && n.kind() != FirstOctets.Kind.TLS ? first.describe() : null;
        } catch (HandshakeException e) {
            return null;
        }
    }
}
