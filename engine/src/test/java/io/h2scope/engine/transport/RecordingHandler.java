package io.h2scope.engine.transport;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/** A test handler: records what it reads and how it closes; optionally reacts to reads. Thread-safe reads of the record. */
public class RecordingHandler implements ConnectionHandler {

    public final CompletableFuture<ConnectionContext> opened = new CompletableFuture<>();
    public final CompletableFuture<Throwable> closed = new CompletableFuture<>();
    public final CompletableFuture<Void> inputClosed = new CompletableFuture<>();
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final BiConsumer<ConnectionContext, byte[]> onBytes;
    public volatile ConnectionContext ctx;
    public volatile int writableCalls;

    public RecordingHandler() {
        this((c, b) -> { });
    }

    public RecordingHandler(BiConsumer<ConnectionContext, byte[]> onBytes) {
        this.onBytes = onBytes;
    }

    /** Writes back whatever it reads. */
    public static RecordingHandler echo() {
        return new RecordingHandler((ctx, bytes) -> {
            ctx.write(ByteBuffer.wrap(bytes));
            ctx.flush();
        });
    }

    @Override
    public void onOpen(ConnectionContext context) {
        ctx = context;
        opened.complete(context);
    }

    @Override
    public void onRead(ByteBuffer plaintext) {
        byte[] bytes = new byte[plaintext.remaining()];
        plaintext.get(bytes);
        synchronized (received) {
            received.writeBytes(bytes);
        }
        onBytes.accept(ctx, bytes);
    }

    @Override
    public void onWritable() {
        writableCalls++;
    }

    @Override
    public boolean onInputClosed() {
        inputClosed.complete(null);
        return false;
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        closed.complete(causeOrNull);
    }

    public byte[] bytes() {
        synchronized (received) {
            return received.toByteArray();
        }
    }

    public String text() {
        return new String(bytes(), StandardCharsets.ISO_8859_1);
    }
}
