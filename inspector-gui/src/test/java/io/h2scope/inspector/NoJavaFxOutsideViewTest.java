package io.h2scope.inspector;

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
 * The inspector's model, sources and exports are plain Java: only {@code inspector.view} touches JavaFX, so the
 * state rebuilt from events, the ways events arrive and the exports run (and are tested) without a display, and
 * the CLI can use them. This scans those packages' sources, so a JavaFX import fails the build with file and line.
 */
class NoJavaFxOutsideViewTest {

    private static final List<String> PLAIN_PACKAGES = List.of("model", "source", "export");

    /** An import or a qualified use in code of JavaFX (or of the view package, which is JavaFX). */
    private static final Pattern JAVAFX = Pattern.compile("\\b(javafx\\.|io\\.h2scope\\.inspector\\.view\\.)");

    @Test
    void modelSourceAndExportImportNoJavaFx() throws IOException {
        Path root = Path.of("src/main/java/io/h2scope/inspector");
        assertTrue(Files.isDirectory(root), "run from the inspector-gui module: " + root.toAbsolutePath());
        List<String> offences = new ArrayList<>();
        int scanned = 0;
        for (String pkg : PLAIN_PACKAGES) {
            try (Stream<Path> files = Files.walk(root.resolve(pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    scanned++;
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        String line = lines.get(i).trim();
                        if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) {
                            continue; // comments may name what the view does
                        }
                        if (JAVAFX.matcher(line).find()) {
                            offences.add(root.relativize(file) + ":" + (i + 1) + ": " + line);
                        }
                    }
                }
            }
        }
        assertTrue(scanned > 20, "expected the model, source and export sources, scanned " + scanned);
        assertTrue(offences.isEmpty(), "only inspector.view may use JavaFX; move this to the view or pass plain values:\n"
                + String.join("\n", offences));
    }

    @Test
    void theRuleCatchesAJavaFxImport() {
        assertTrue(JAVAFX.matcher("import javafx.beans.property.SimpleObjectProperty;").find());
        assertTrue(JAVAFX.matcher("import io.h2scope.inspector.view.Selection;").find());
    }
}
