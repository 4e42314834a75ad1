package io.h2scope.engine.transport.tls.keylog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.transport.InMemoryTransport;
import io.h2scope.engine.transport.RecordingHandler;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import io.h2scope.engine.transport.tls.TlsLayer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A traced connection asks its TLS context for the server name indicated (the {@code opened} event's SNI). Over a
 * key-logging server context (BouncyCastle's JSSE), the session after the handshake cannot tell it: the question must
 * not throw, or the server drops every TLS connection whenever SSLKEYLOGFILE and tracing are both on.
 */
class KeyLoggingServerNameTest {

    @TempDir
    Path dir;

    @Test
    void aKeyLoggingServerAnswersTheServerNameQuestionWithoutThrowing() throws Exception {
        KeyMaterial identity = SelfSignedCertificate.generate("localhost");
        try (KeyLogWriter log = new KeyLogWriter(dir.resolve("keys.log"), System.err)) {
            RecordingHandler clientInner = new RecordingHandler();
            RecordingHandler serverInner = new RecordingHandler();
            TlsLayer client = TlsLayer.client(SslContexts.clientTrusting(identity.chain()), "localhost", 443,
                    List.of("h2"), true, clientInner);
            TlsLayer server = TlsLayer.server(KeyLoggingSslContexts.server(identity, log), serverInner);
            InMemoryTransport pipe = InMemoryTransport.pair(client, server).open();
            pipe.runUntilIdle();
            assertTrue(serverInner.opened.isDone(), "the handshake completed");

            Optional<String> name = serverInner.ctx.serverName();

            assertTrue(name.isEmpty() || name.equals(Optional.of("localhost")), "SNI: " + name);
            assertEquals(Optional.of("h2"), serverInner.ctx.alpnProtocol());
        }
    }
}
