package io.h2scope.engine.transport.tls.keylog;

import io.h2scope.engine.trace.config.FileFailure;
import io.h2scope.engine.trace.jsonl.PrivateFiles;
import io.h2scope.engine.trace.config.TraceConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Appends TLS secrets in the NSS key-log format that Wireshark reads
 * ({@code <LABEL> <client_random hex> <secret hex>}, one per line). Thread-safe; a new file is created
 * readable by its owner only. A write error is reported once and logging stops; TLS goes on.
 */
public final class KeyLogWriter implements AutoCloseable {

    private final Path path;
    private final FileChannel channel;
    private final PrintStream errors;
    private final AtomicBoolean failed = new AtomicBoolean();

    public KeyLogWriter(Path path, PrintStream errors) throws IOException {
        this.path = path;
        this.errors = errors;
        this.channel = PrivateFiles.append(path);
    }

    /** The writer {@code SSLKEYLOGFILE} asks for, opened once per JVM; empty when unset or not writable (reported). */
    public static Optional<KeyLogWriter> fromEnvironment() {
        return SystemWriter.INSTANCE;
    }

    public Path path() {
        return path;
    }

    /** Appends one line; {@code label} such as {@code CLIENT_RANDOM} or {@code SERVER_TRAFFIC_SECRET_0}. */
    public void log(String label, byte[] clientRandom, byte[] secret) {
        if (failed.get()) {
            return;
        }
        HexFormat hex = HexFormat.of();
        byte[] line = (label + " " + hex.formatHex(clientRandom) + " " + hex.formatHex(secret) + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        try {
            synchronized (channel) {
                ByteBuffer buffer = ByteBuffer.wrap(line);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        } catch (IOException e) {
            if (failed.compareAndSet(false, true)) {
                errors.println("h2scope: " + TraceConfig.KEY_LOG_FILE + " " + path + " stopped: " + e);
            }
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static final class SystemWriter {
        static final Optional<KeyLogWriter> INSTANCE = open();

        private static Optional<KeyLogWriter> open() {
            Optional<Path> path = TraceConfig.fromSystemEnvironment().keyLogFile();
            if (path.isEmpty()) {
                return Optional.empty();
            }
            try {
                return Optional.of(new KeyLogWriter(path.get(), System.err));
            } catch (IOException | RuntimeException e) {
                System.err.println("h2scope: ignoring " + TraceConfig.KEY_LOG_FILE + "=\"" + path.get()
                        + "\": the file cannot be opened (" + FileFailure.reason(e) + "); accepted: a writable file path");
                return Optional.empty();
            }
        }
    }
}
