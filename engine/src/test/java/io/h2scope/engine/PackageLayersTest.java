package io.h2scope.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md, "What may import what": the engine's packages form no cycle, and the trace is one layer
 * above the protocol. The graph is the one {@code scripts/package-imports} draws (an import of an engine class or a
 * qualified use of one in code; comments left out), for the engine module's main sources.
 */
class PackageLayersTest {

    private static final Path ROOT = Path.of("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern NAME = Pattern.compile("\\bio\\.h2scope(?:\\.\\w+)+");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** The protocol: the floors, the rules of starting, the core and the observer. */
    private static final Pattern PROTOCOL = Pattern.compile(
            "engine\\.(error|frame|hpack|settings|stream|flow|http|http1|start|core|observer)(\\..*)?");

    @Test
    void theEnginesPackagesFormNoCycle() throws IOException {
        List<Set<String>> cycles = cycles(graph());
        assertTrue(cycles.isEmpty(), "package cycles in the engine (scripts/package-imports shows their arrows; move "
                + "what both sides need down to a package both may import): " + cycles);
    }

    @Test
    void theProtocolUsesOfTheTraceOnlyItsModelAndItsWords() throws IOException {
        List<String> offences = arrows(from -> PROTOCOL.matcher(from).matches(), to -> to.startsWith("engine.trace")
                && !to.equals("engine.trace.model") && !to.equals("engine.trace.text"));
        assertTrue(offences.isEmpty(), "the protocol may use the trace's event model (TraceSink and the events) and "
                + "trace.text, not the sinks or their factory: " + offences);
    }

    @Test
    void theTraceImportsNeitherTheConnectionNorItsFactory() throws IOException {
        List<String> offences = arrows(from -> from.startsWith("engine.trace."), to -> to.equals("engine.trace")
                || to.equals("engine.core") || to.startsWith("engine.core.event")
                || to.matches("engine\\.(transport|client|server|proxy|observer)(\\..*)?"));
        assertTrue(offences.isEmpty(), "a trace package imports only the floors, core.limits (the named limits), the "
                + "event model and the trace packages below it; the factory engine.trace is imported by none: "
                + offences);
    }

    @Test
    void theRecordingFindsRulesWithoutTheCore() throws IOException {
        List<String> offences = arrows(from -> from.equals("engine.trace.jsonl") || from.equals("engine.trace.model"),
                to -> to.matches("engine\\.core(\\..*)?"));
        assertTrue(offences.isEmpty(), "the recording and the event model find a rule by id through engine.rules "
                + "(KnownRules), not by importing the core's packages: " + offences);
    }

    /** The arrows of the engine's graph from a package {@code from} accepts to one {@code to} accepts. */
    private static List<String> arrows(Predicate<String> from, Predicate<String> to) throws IOException {
        List<String> found = new ArrayList<>();
        graph().forEach((pkg, targets) -> {
            if (from.test(pkg)) {
                targets.stream().filter(to).forEach(target -> found.add(pkg + " -> " + target));
            }
        });
        return found;
    }

    @Test
    void theCycleFinderFindsACycle() {
        Map<String, Set<String>> edges = new TreeMap<>();
        edges.put("a", new TreeSet<>(Set.of("b")));
        edges.put("b", new TreeSet<>(Set.of("c")));
        edges.put("c", new TreeSet<>(Set.of("a")));
        edges.put("d", new TreeSet<>(Set.of("a")));
        assertEquals(List.of(Set.of("a", "b", "c")), cycles(edges));
    }

    /** Package (without {@code io.h2scope.}) to the packages it uses. */
    static Map<String, Set<String>> graph() throws IOException {
        assertTrue(Files.isDirectory(ROOT), "run from the engine module: " + ROOT.toAbsolutePath());
        Map<String, String> homeOfClass = new HashMap<>();
        Map<Path, String> packageOfFile = new HashMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")
                    && !f.getFileName().toString().equals("package-info.java")).toList()) {
                Matcher m = PACKAGE.matcher(Files.readString(file));
                assertTrue(m.find(), "no package line in " + file);
                String name = file.getFileName().toString();
                homeOfClass.put(m.group(1) + "." + name.substring(0, name.length() - ".java".length()), m.group(1));
                packageOfFile.put(file, m.group(1));
            }
        }
        Map<String, Set<String>> edges = new TreeMap<>();
        for (Map.Entry<Path, String> file : packageOfFile.entrySet()) {
            String from = file.getValue();
            Set<String> targets = edges.computeIfAbsent(shortName(from), k -> new TreeSet<>());
            Matcher names = NAME.matcher(COMMENTS.matcher(Files.readString(file.getKey())).replaceAll(""));
            while (names.find()) {
                String[] parts = names.group().split("\\.");
                for (int end = parts.length; end > 2; end--) {
                    String target = homeOfClass.get(String.join(".", List.of(parts).subList(0, end)));
                    if (target != null) {
                        if (!target.equals(from)) {
                            targets.add(shortName(target));
                        }
                        break;
                    }
                }
            }
        }
        return edges;
    }

    private static String shortName(String pkg) {
        return pkg.substring("io.h2scope.".length());
    }

    /** The strongly connected components of more than one package (Tarjan). */
    static List<Set<String>> cycles(Map<String, Set<String>> edges) {
        Tarjan t = new Tarjan(edges);
        edges.keySet().forEach(v -> {
            if (!t.index.containsKey(v)) {
                t.visit(v);
            }
        });
        return t.found;
    }

    private static final class Tarjan {
        final Map<String, Set<String>> edges;
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> low = new HashMap<>();
        final List<String> stack = new ArrayList<>();
        final List<Set<String>> found = new ArrayList<>();

        Tarjan(Map<String, Set<String>> edges) {
            this.edges = edges;
        }

        void visit(String v) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.add(v);
            for (String w : edges.getOrDefault(v, Set.of())) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (stack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> component = new TreeSet<>();
                String w;
                do {
                    w = stack.remove(stack.size() - 1);
                    component.add(w);
                } while (!w.equals(v));
                if (component.size() > 1) {
                    found.add(component);
                }
            }
        }
    }
}
