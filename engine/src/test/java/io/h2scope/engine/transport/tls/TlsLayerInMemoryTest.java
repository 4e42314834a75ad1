package io.h2scope.engine.transport.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.InMemoryTransport;
import io.h2scope.engine.transport.RecordingHandler;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The TLS layer without sockets: two TlsLayers joined by the in-memory pipe. */
class TlsLayerInMemoryTest {

    private static KeyMaterial identity;
    private static SSLContext serverContext;
    private static SSLContext clientContext;

    @BeforeAll
    static void keys() throws Exception {
        identity = SelfSignedCertificate.generate();
        serverContext = SslContexts.server(identity);
        clientContext = SslContexts.clientTrusting(identity.chain());
    }

    @Test
    void largeMessagesCrossManyRecordsAndOneByteChunks() {
        for (int chunk : new int[] {16 * 1024, 1}) {
            byte[] message = new byte[chunk == 1 ? 20_000 : 100_000]; // two and seven TLS records at least
            new Random(7).nextBytes(message);
            RecordingHandler clientInner = new RecordingHandler();
            TlsLayer client = TlsLayer.client(clientContext, "localhost", 443, List.of("h2"), true, clientInner);
            TlsLayer server = TlsLayer.server(serverContext, RecordingHandler.echo());
            InMemoryTransport pipe = InMemoryTransport.pair(client, server,
                    new InMemoryTransport.Options(false, null, chunk)).open();

            assertTrue(client.handshake().isDone() && !client.handshake().isCompletedExceptionally());
            assertEquals(Optional.of("h2"), clientInner.ctx.alpnProtocol());
            clientInner.ctx.write(ByteBuffer.wrap(message));
            clientInner.ctx.flush();
            pipe.runUntilIdle();
            assertArrayEquals(message, clientInner.bytes(), "echo through TLS with chunks of " + chunk);
        }
    }

    @Test
    void theRecordsOfOneReadReachTheInnerHandlerInOneCall() {
        List<Integer> reads = new ArrayList<>();
        RecordingHandler clientInner = new RecordingHandler();
        RecordingHandler serverInner = new RecordingHandler((ctx, bytes) -> reads.add(bytes.length));
        TlsLayer client = TlsLayer.client(clientContext, "localhost", 443, List.of("h2"), true, clientInner);
        HeldReads server = new HeldReads(TlsLayer.server(serverContext, serverInner));
        InMemoryTransport pipe = InMemoryTransport.pair(client, server).open();
        assertTrue(serverInner.opened.isDone());

        server.holding = true; // five records, each flushed alone, reach the server's socket as one read
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        for (int i = 1; i <= 5; i++) {
            byte[] message = new byte[100 * i];
            new Random(i).nextBytes(message);
            sent.writeBytes(message);
            clientInner.ctx.write(ByteBuffer.wrap(message));
            clientInner.ctx.flush();
        }
        pipe.runUntilIdle();
        assertEquals(List.of(), reads, "nothing delivered while the records are held");
        server.release();

        assertEquals(List.of(1500), reads, "one call for the five records of one read");
        assertArrayEquals(sent.toByteArray(), serverInner.bytes());
    }

    /** Hands the TLS layer its input as it comes, or, while holding, all of it later in one read. */
    private static final class HeldReads implements ConnectionHandler {
        private final TlsLayer layer;
        private final ByteArrayOutputStream held = new ByteArrayOutputStream();
        boolean holding;

        HeldReads(TlsLayer layer) {
            this.layer = layer;
        }

        void release() {
            holding = false;
            layer.onRead(ByteBuffer.wrap(held.toByteArray()));
        }

        @Override
        public void onOpen(ConnectionContext ctx) {
            layer.onOpen(ctx);
        }

        @Override
        public void onRead(ByteBuffer bytes) {
            if (!holding) {
                layer.onRead(bytes);
                return;
            }
            byte[] b = new byte[bytes.remaining()];
            bytes.get(b);
            held.writeBytes(b);
        }

        @Override
        public void onWritable() {
            layer.onWritable();
        }

        @Override
        public boolean onInputClosed() {
            return layer.onInputClosed();
        }

        @Override
        public void onClose(Throwable causeOrNull) {
            layer.onClose(causeOrNull);
        }
    }

    @Test
    void closeNotifyEndsBothSidesInOrder() {
        RecordingHandler clientInner = new RecordingHandler();
        RecordingHandler serverInner = new RecordingHandler();
        TlsLayer client = TlsLayer.client(clientContext, "localhost", 443, List.of("h2"), true, clientInner);
        InMemoryTransport pipe = InMemoryTransport.pair(client, TlsLayer.server(serverContext, serverInner)).open();
        clientInner.ctx.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
        clientInner.ctx.close(); // data, then close_notify, then close
        pipe.runUntilIdle();
        assertArrayEquals(new byte[] {1, 2, 3}, serverInner.bytes());
        assertTrue(serverInner.inputClosed.isDone(), "close_notify reads as end of input");
        assertNull(serverInner.closed.join());
        assertNull(clientInner.closed.join());
    }

    @Test
    void untrustedCertificateFailsTheHandshakeWithoutOpeningTheInnerHandler() throws Exception {
        SSLContext strangerTrust = SslContexts.clientTrusting(SelfSignedCertificate.generate().chain());
        RecordingHandler clientInner = new RecordingHandler();
        RecordingHandler serverInner = new RecordingHandler();
        TlsLayer client = TlsLayer.client(strangerTrust, "localhost", 443, List.of("h2"), true, clientInner);
        TlsLayer server = TlsLayer.server(serverContext, serverInner);
        InMemoryTransport pipe = InMemoryTransport.pair(client, server).open();
        pipe.runUntilIdle();
        assertTrue(client.handshake().isCompletedExceptionally());
        assertTrue(server.handshake().isCompletedExceptionally(), "the server sees the client's alert");
        assertFalse(clientInner.opened.isDone());
        assertFalse(serverInner.opened.isDone());
        assertTrue(pipe.client().isClosed() && pipe.server().isClosed());
    }
}
