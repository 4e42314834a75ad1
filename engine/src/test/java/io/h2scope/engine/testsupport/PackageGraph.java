package io.h2scope.engine.testsupport;

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

/**
 * The import graph of one module's main code at package level, drawn as {@code scripts/package-imports} draws it: an
 * arrow is an import of an {@code io.h2scope} class of the same sources, or a fully qualified use of one in code;
 * comments (Javadoc links included) are left out. Packages are named without {@code io.h2scope.}. Every module's
 * architecture test reads it, so the rule of what counts as an arrow has one home (beside the script).
 */
public final class PackageGraph {

    /** The main sources of the module a test runs in (surefire runs in the module's directory). */
    public static final Path MAIN_SOURCES = Path.of("src/main/java");

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern NAME = Pattern.compile("\\bio\\.h2scope(?:\\.\\w+)+");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    private final Map<String, Set<String>> edges;

    private PackageGraph(Map<String, Set<String>> edges) {
        this.edges = edges;
    }

    /** The graph of the module the test runs in. */
    public static PackageGraph ofMainSources() throws IOException {
        return of(MAIN_SOURCES);
    }

    /** The graph of the Java sources under {@code root}. */
    public static PackageGraph of(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            throw new AssertionError("no sources at " + root.toAbsolutePath() + ": run the test from its module");
        }
        Map<String, String> homeOfClass = new HashMap<>();
        Map<Path, String> packageOfFile = new HashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")
                    && !f.getFileName().toString().equals("package-info.java")).toList()) {
                Matcher m = PACKAGE.matcher(Files.readString(file));
                if (!m.find()) {
                    throw new AssertionError("no package line in " + file);
                }
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
                String target = home(names.group(), homeOfClass);
                if (target != null && !target.equals(from)) {
                    targets.add(shortName(target));
                }
            }
        }
        return new PackageGraph(edges);
    }

    /** The package of the longest prefix of a qualified name that is a class (a nested class, a static member). */
    private static String home(String qualified, Map<String, String> homeOfClass) {
        String[] parts = qualified.split("\\.");
        for (int end = parts.length; end > 2; end--) {
            String target = homeOfClass.get(String.join(".", List.of(parts).subList(0, end)));
            if (target != null) {
                return target;
            }
        }
        return null;
    }

    private static String shortName(String pkg) {
        return pkg.substring("io.h2scope.".length());
    }

    /** Package to the packages it uses. */
    public Map<String, Set<String>> edges() {
        return edges;
    }

    /** The arrows from a package {@code from} accepts to one {@code to} accepts, as "a -> b". */
    public List<String> arrows(Predicate<String> from, Predicate<String> to) {
        List<String> found = new ArrayList<>();
        edges.forEach((pkg, targets) -> {
            if (from.test(pkg)) {
                targets.stream().filter(to).forEach(target -> found.add(pkg + " -> " + target));
            }
        });
        return found;
    }

    /** The package cycles. */
    public List<Set<String>> cycles() {
        return cycles(edges);
    }

    /** Fails naming every cycle, with what to do about it. */
    public void assertNoCycle() {
        List<Set<String>> cycles = cycles();
        if (!cycles.isEmpty()) {
            throw new AssertionError("package cycles (scripts/package-imports shows their arrows; move what both "
                    + "sides need down to a package both may import, see docs/ARCHITECTURE.md): " + cycles);
        }
    }

    /**
     * Fails naming every package of the main sources under {@code root} without a {@code package-info.java}: each
     * package says in a few lines what it is for (docs/ARCHITECTURE.md).
     */
    public static void assertEveryPackageSaysWhatItIsFor(Path root) throws IOException {
        List<String> silent;
        try (Stream<Path> files = Files.walk(root)) {
            silent = files.filter(f -> f.toString().endsWith(".java")).map(Path::getParent).distinct()
                    .filter(dir -> !Files.exists(dir.resolve("package-info.java")))
                    .map(dir -> root.relativize(dir).toString().replace('/', '.')).sorted().toList();
        }
        if (!silent.isEmpty()) {
            throw new AssertionError("packages without a package-info.java (add one saying what the package is for "
                    + "and what it imports): " + silent);
        }
    }

    /** The strongly connected components of more than one package (Tarjan). */
    public static List<Set<String>> cycles(Map<String, Set<String>> edges) {
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
