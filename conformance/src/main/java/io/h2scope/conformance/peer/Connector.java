package io.h2scope.conformance.peer;

import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.transport.tls.TlsPolicy;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.GeneralSecurityException;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/** Opens the blocking socket a {@link Peer} talks over: plain TCP for h2c, TLS with ALPN h2 otherwise. */
final class Connector {

    private Connector() {
    }

    static Socket open(Target target, boolean insecure, Duration timeout) throws HandshakeException {
        Socket plain = new Socket();
        try {
            plain.setTcpNoDelay(true);
            plain.connect(new InetSocketAddress(target.host(), target.port()), (int) Math.max(1, timeout.toMillis()));
        } catch (IOException e) {
            closeQuietly(plain);
            throw new HandshakeException(HandshakeException.Kind.CONNECT,
                    "cannot connect to " + target.authority() + ": " + e.getMessage(), e);
        }
        if (!target.tls()) {
            return plain;
        }
        try {
            return startTls(plain, target, insecure, timeout);
        } catch (IOException | GeneralSecurityException e) {
            closeQuietly(plain);
            throw new HandshakeException(HandshakeException.Kind.TLS, e instanceof SocketTimeoutException
                    ? "no answer to the TLS handshake from " + target.authority() + " in " + tlsWait(timeout).toMillis() + " ms"
                    : "TLS with " + target.authority() + " failed: " + e.getMessage(), e);
        }
    }

    private static Socket startTls(Socket plain, Target target, boolean insecure, Duration timeout)
            throws IOException, GeneralSecurityException {
        SSLContext context = ClientContexts.forThisThread(insecure);
        SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, target.host(), target.port(), true);
        SSLParameters parameters = tls.getSSLParameters();
        // RFC9113 §3.2: "h2" is the ALPN token for HTTP/2 over TLS
        parameters.setApplicationProtocols(new String[] {TlsPolicy.H2});
        // RFC9113 §9.2: "Implementations of HTTP/2 MUST use TLS version 1.2 or higher"
        parameters.setProtocols(TlsPolicy.PROTOCOLS.toArray(String[]::new));
        if (!insecure) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        tls.setSSLParameters(parameters);
        tls.setSoTimeout((int) Math.max(1, tlsWait(timeout).toMillis()));
        tls.startHandshake();
        String selected = tls.getApplicationProtocol();
        if (!TlsPolicy.H2.equals(selected)) {
            tls.close();
            throw new IOException("ALPN did not select h2 (selected: "
                    + (selected == null || selected.isEmpty() ? "none" : selected) + ")");
        }
        return tls;
    }

    /** How long the TLS handshake may wait for each of the target's answers. */
    private static Duration tlsWait(Duration timeout) {
        return timeout.multipliedBy(2);
    }

    /**
     * Closes without waiting: a TLS socket's close waits (up to its read timeout) for the peer's
     * close_notify, which a server that just sent GOAWAY may never send; the evidence is complete by
     * now, so the TCP connection is dropped and close_notify skipped.
     */
    static void closeAtOnce(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
            socket.setSoTimeout(1);
        } catch (IOException ignored) {
            // already closed
        }
        closeQuietly(socket);
    }

    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing after a failure: nothing more to learn
        }
    }
}
