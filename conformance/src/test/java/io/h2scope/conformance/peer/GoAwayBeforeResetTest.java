package io.h2scope.conformance.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server that sends GOAWAY and then resets the connection (it closed with our frames unread, as node and jetty9
 * do): the peer reads the GOAWAY the kernel delivered before the reset, even when a write of ours failed on the reset
 * connection first, so the verdict is the GOAWAY's and not a bare close. Over h2c and over TLS (where a failed write
 * must not cost the records already received).
 */
class GoAwayBeforeResetTest {

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void goAwayFollowedByResetIsJudgedByTheGoAway(boolean tls) throws Exception {
        SSLContext context = tls ? SslContexts.server(SelfSignedCertificate.generate("localhost", "127.0.0.1")) : null;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> serveOnce(server, context));
            Target target = new Target("goaway-then-reset", "127.0.0.1", server.getLocalPort(), tls, "/");
            try (Peer peer = Peer.connect(target, PeerOptions.defaults().withInsecure(true))) {
                peer.handshake();
                served.get(30, TimeUnit.SECONDS); // the GOAWAY and the reset are on their way or here
                // writes into the reset connection: one fails once the reset is here (the first, unless it is still
                // on its way); the verdict is read only after that
                Await.until(() -> {
                    peer.send(PingFrame.of(1));
                    return peer.trace().stream().anyMatch(e -> e.text().startsWith("write failed"));
                }, () -> "the reset must reach the peer before the verdict is read (a PING's write fails)\n" + trace(peer));
                Verdict verdict = Expect.connectionError(peer, ErrorCode.PROTOCOL_ERROR);
                assertEquals(Outcome.PASS, verdict.outcome(), verdict + "\n" + trace(peer));
                assertTrue(peer.nextEvent(peer.timeout()) instanceof PeerEvent.ConnectionClosed, "the connection ends after the GOAWAY");
            }
        }
    }

    /**
     * Reads the preface and SETTINGS, answers with SETTINGS and GOAWAY PROTOCOL_ERROR, then resets the TCP connection
     * (over TLS too: no close_notify, the way a process that closes with unread input ends it).
     */
    private static void serveOnce(ServerSocket server, SSLContext tls) {
        try (Socket socket = server.accept()) {
            Socket layer = socket;
            if (tls != null) {
                SSLSocket secure = (SSLSocket) tls.getSocketFactory().createSocket(socket, null, socket.getPort(), false);
                secure.setUseClientMode(false);
                SSLParameters parameters = secure.getSSLParameters();
                parameters.setApplicationProtocols(new String[] {"h2"});
                secure.setSSLParameters(parameters);
                secure.startHandshake();
                layer = secure;
            }
            InputStream in = layer.getInputStream();
            OutputStream out = layer.getOutputStream();
            in.readNBytes(Preface.LENGTH + 9);
            out.write(FrameWriter.encode(SettingsFrame.of()));
            out.write(FrameWriter.encode(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR)));
            out.flush();
            Thread.sleep(100); // the peer's SETTINGS ACK arrives and stays unread
            socket.setSoLinger(true, 0); // the TCP socket's close, not the TLS layer's: a reset
        } catch (Exception e) {
            throw new IllegalStateException("the test server failed: " + e.getMessage(), e);
        }
    }

    private static String trace(Peer peer) {
        return String.join("\n", peer.trace().stream().map(TraceEntry::format).toList());
    }
}
