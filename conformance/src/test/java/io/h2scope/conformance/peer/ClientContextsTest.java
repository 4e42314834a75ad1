package io.h2scope.conformance.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/** A thread's connections share one TLS context, so each resumes the session its predecessor received tickets for. */
class ClientContextsTest {

    @Test
    void oneContextPerThread() throws Exception {
        SSLContext here = ClientContexts.forThisThread(true);
        assertSame(here, ClientContexts.forThisThread(true));
        assertNotSame(here, ClientContexts.forThisThread(false), "trusting any certificate or not are two contexts");
        assertNotSame(here, CompletableFuture.supplyAsync(() -> ClientContexts.forThisThread(true)).get());
    }

    @Test
    void theNextConnectionOnAThreadResumesTheSession() throws Exception {
        try (ReferenceServerTarget server = ReferenceServerTarget.of(true)) {
            Target target = server.start();
            long first = creationTimeAfterARead(target);
            Thread.sleep(20); // a full handshake would make a session created later than this
            assertEquals(first, creationTimeAfterARead(target), "the second connection resumed the first one's session");
        }
    }

    /** Opens a connection, reads the server's first bytes (the tickets come before them) and closes it. */
    private static long creationTimeAfterARead(Target target) throws Exception {
        try (Socket socket = Connector.open(target, true, Duration.ofSeconds(10))) {
            socket.getOutputStream().write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\4\0\0\0\0\0".getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            socket.getInputStream().read(); // the server's SETTINGS, after its NewSessionTicket
            return ((SSLSocket) socket).getSession().getCreationTime();
        }
    }
}
