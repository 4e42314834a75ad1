package io.h2scope.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * DESIGN.md: the protocol packages are sans-IO. They never touch sockets, TLS, threads or clocks;
 * time is passed in. This scans their sources, so a violation fails the build with file and line.
 */
class SansIoArchitectureTest {

    private static final List<String> SANS_IO_PACKAGES =
            List.of("error", "frame", "hpack", "settings", "stream", "flow", "core", "http", "observer", "trace/model");

    private static final List<Pattern> FORBIDDEN = List.of(
            Pattern.compile("\\bjava\\.net\\."),
            Pattern.compile("\\bjava\\.nio\\.channels\\b"),
            Pattern.compile("\\bjavax\\.net\\.ssl\\b"),
            Pattern.compile("\\bjava\\.util\\.concurrent\\.(Executor|ScheduledExecutor|ThreadPool|ForkJoin)"),
            Pattern.compile("\\bnew\\s+Thread\\s*\\("),
            Pattern.compile("\\bThread\\.(sleep|start|onSpinWait)\\b"),
            Pattern.compile("\\bSystem\\.(nanoTime|currentTimeMillis)\\s*\\("),
            Pattern.compile("\\b(Instant|Clock|LocalDateTime|ZonedDateTime)\\.(now|system)"));

    @Test
    void protocolPackagesDoNoIoNoThreadsAndReadNoClock() throws IOException {
        Path root = Path.of("src/main/java/io/h2scope/engine");
        assertTrue(Files.isDirectory(root), "run from the engine module: " + root.toAbsolutePath());
        List<String> offences = new ArrayList<>();
        int scanned = 0;
        for (String pkg : SANS_IO_PACKAGES) {
            Path dir = root.resolve(pkg);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    scanned++;
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        String line = lines.get(i);
                        if (line.trim().startsWith("*") || line.trim().startsWith("//")) {
                            continue; // comments may mention what the code must not do
                        }
                        for (Pattern p : FORBIDDEN) {
                            if (p.matcher(line).find()) {
                                offences.add(root.relativize(file) + ":" + (i + 1) + ": " + line.trim());
                            }
                        }
                    }
                }
            }
        }
        assertTrue(scanned > 50, "expected the protocol packages' sources, scanned " + scanned);
        assertTrue(offences.isEmpty(), "sans-IO packages must not do I/O, threads or clocks:\n" + String.join("\n", offences));
    }
}
