package io.h2scope.engine.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The graph every module's architecture test reads: what counts as an arrow, and the cycles it finds. */
class PackageGraphTest {

    @TempDir
    Path sources;

    @Test
    void anArrowIsAnImportOrAQualifiedUseInCodeOfAClassOfTheSameSources() throws IOException {
        write("a/A.java", "package io.h2scope.a;\nimport io.h2scope.b.B;\nclass A { B b; }\n");
        write("b/B.java", "package io.h2scope.b;\n/** Not {@link io.h2scope.a.A}. */\nclass B {\n"
                + "    // nor io.h2scope.a.A\n    Object c = io.h2scope.c.C.Inner.VALUE;\n}\n");
        write("c/C.java", "package io.h2scope.c;\nimport io.h2scope.elsewhere.Missing;\nclass C { }\n");
        write("c/package-info.java", "/** {@link io.h2scope.a.A} */\npackage io.h2scope.c;\nimport io.h2scope.a.A;\n");

        PackageGraph graph = PackageGraph.of(sources);

        assertEquals(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of()), graph.edges());
        assertEquals(List.of("a -> b"), graph.arrows(from -> true, to -> to.equals("b")));
        graph.assertNoCycle();
    }

    @Test
    void anArrowBackUpIsACycleNamedWithEveryPackageInIt() throws IOException {
        write("a/A.java", "package io.h2scope.a;\nimport io.h2scope.b.B;\nclass A { }\n");
        write("b/B.java", "package io.h2scope.b;\nclass B { Object a = io.h2scope.a.A.class; }\n");

        AssertionError failure = assertThrows(AssertionError.class, () -> PackageGraph.of(sources).assertNoCycle());
        assertTrue(failure.getMessage().contains("[a, b]"), failure.getMessage());
    }

    @Test
    void theCycleFinderFindsTheStronglyConnectedPackagesOnly() {
        Map<String, Set<String>> edges = new TreeMap<>();
        edges.put("a", new TreeSet<>(Set.of("b")));
        edges.put("b", new TreeSet<>(Set.of("c")));
        edges.put("c", new TreeSet<>(Set.of("a")));
        edges.put("d", new TreeSet<>(Set.of("a")));
        assertEquals(List.of(Set.of("a", "b", "c")), PackageGraph.cycles(edges));
    }

    private void write(String file, String text) throws IOException {
        Path path = sources.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }
}
