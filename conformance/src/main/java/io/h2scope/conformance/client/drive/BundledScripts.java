package io.h2scope.conformance.client.drive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;

/**
 * The client scripts this package ships (Node.js, Python, Chromium's page and its shell wrapper), copied once per
 * process to a directory a command can run them from.
 */
final class BundledScripts {

    private static final Map<String, Path> COPIED = new HashMap<>();
    private static Path directory;

    private BundledScripts() {
    }

    /** The file holding script {@code name}, copied out of the jar on first use. */
    static synchronized Path file(String name) {
        return COPIED.computeIfAbsent(name, n -> {
            try (InputStream in = BundledScripts.class.getResourceAsStream(n)) {
                if (in == null) {
                    throw new IllegalStateException("the build lost the bundled client script " + n);
                }
                if (directory == null) {
                    directory = Files.createTempDirectory("h2scope-clients");
                    directory.toFile().deleteOnExit();
                }
                Path file = directory.resolve(n);
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                file.toFile().deleteOnExit();
                return file;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy the client script " + n + " to a temporary directory", e);
            }
        });
    }
}
