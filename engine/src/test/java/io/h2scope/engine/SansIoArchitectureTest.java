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
 * time is passed in. And they sit below the engine's I/O layers: none of them imports the transport, the
 * server, the client or the proxy (those import them). This scans their sources, so a violation fails the
 * build with file and line.
 */
class SansIoArchitectureTest {

    private static final List<String> SANS_IO_PACKAGES = List.of("error", "frame", "hpack", "settings", "stream", "flow",
            "core", "http", "http1", "start", "observer", "trace/model");

    private static final List<Pattern> NO_IO = List.of(
            Pattern.compile("\\bjava\\.net\\."),
            Pattern.compile("\\bjava\\.nio\\.channels\\b"),
            Pattern.compile("\\bjavax\\.net\\.ssl\\b"),
            Pattern.compile("\\bjava\\.util\\.concurrent\\.(Executor|ScheduledExecutor|ThreadPool|ForkJoin)"),
            Pattern.compile("\\bnew\\s+Thread\\s*\\("),
            Pattern.compile("\\bThread\\.(sleep|start|onSpinWait)\\b"),
            Pattern.compile("\\bSystem\\.(nanoTime|currentTimeMillis)\\s*\\("),
            Pattern.compile("\\b(Instant|Clock|LocalDateTime|ZonedDateTime)\\.(now|system)"));

    /** The layers above the protocol: an import of one of them (or a qualified name in code) points back up. */
    private static final List<Pattern> NO_UPWARD_IMPORT =
            List.of(Pattern.compile("\\bio\\.h2scope\\.engine\\.(transport|server|client|proxy)\\."));

    @Test
    void protocolPackagesDoNoIoNoThreadsAndReadNoClock() throws IOException {
        List<String> offences = scan(NO_IO);
        assertTrue(offences.isEmpty(), "sans-IO packages must not do I/O, threads or clocks:\n" + String.join("\n", offences));
    }

    @Test
    void protocolPackagesImportNoTransportServerClientOrProxy() throws IOException {
        List<String> offences = scan(NO_UPWARD_IMPORT);
        assertTrue(offences.isEmpty(), "sans-IO packages must not import the transport, server, client or proxy "
                + "(move what both need down to a protocol package):\n" + String.join("\n", offences));
    }

    @Test
    void theUpwardImportRuleCatchesAnImportOfTheTransport() {
        String line = "import io.h2scope.engine.transport.http1.Http1Limits;";
        assertTrue(NO_UPWARD_IMPORT.stream().anyMatch(p -> p.matcher(line).find()), line);
    }

    /** The lines of the sans-IO packages' sources (comments left out) that match any of {@code forbidden}. */
    private static List<String> scan(List<Pattern> forbidden) throws IOException {
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
                        for (Pattern p : forbidden) {
                            if (p.matcher(line).find()) {
                                offences.add(root.relativize(file) + ":" + (i + 1) + ": " + line.trim());
                            }
                        }
                    }
                }
            }
        }
        assertTrue(scanned > 50, "expected the protocol packages' sources, scanned " + scanned);
        return offences;
    }
}
