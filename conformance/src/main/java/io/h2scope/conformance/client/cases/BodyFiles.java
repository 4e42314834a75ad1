package io.h2scope.conformance.client.cases;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Request bodies for the upload cases: one temporary file per size, made once and deleted when the JVM exits. */
final class BodyFiles {

    private static final Map<Integer, Path> MADE = new ConcurrentHashMap<>();

    private BodyFiles() {
    }

    /** A file of {@code octets} octets (printable, so a client that reads it as text sends it unchanged). */
    static Path of(int octets) {
        return MADE.computeIfAbsent(octets, BodyFiles::make);
    }

    private static Path make(int octets) {
        try {
            Path file = Files.createTempFile("h2scope-body-" + octets + "-", ".bin");
            file.toFile().deleteOnExit();
            byte[] content = new byte[octets];
            for (int i = 0; i < octets; i++) {
                content[i] = (byte) ('a' + i % 26);
            }
            Files.write(file, content);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a request body file in the temporary directory", e);
        }
    }
}
