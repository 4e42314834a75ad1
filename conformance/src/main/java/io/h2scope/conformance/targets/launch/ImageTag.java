package io.h2scope.conformance.targets.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The tag of a docker-targets/ image: a hash of its build context, so an image is built once per
 * content and reused by every later run (CI's two JDK runs, a user's repeated {@code conform}), and a
 * changed Dockerfile or config gets a new image instead of a stale one.
 */
final class ImageTag {

    /** The engine's libraries the reference server needs at run time (BouncyCastle for TLS, SLF4J). */
    private static final Pattern RUNTIME_LIBRARY = Pattern.compile("(bc\\w+-jdk18on|slf4j-api)-[\\w.]+\\.jar");

    private ImageTag() {
    }

    /** 16 hex digits of the SHA-256 over every file of {@code folder} and of {@code extra}, by relative name. */
    static String of(Path folder, Map<String, Path> extra) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            Map<String, Path> files = new TreeMap<>(filesUnder("", folder));
            extra.forEach((name, path) -> files.putAll(filesUnder(name, path)));
            for (Map.Entry<String, Path> file : files.entrySet()) {
                digest.update(file.getKey().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(Files.readAllBytes(file.getValue()));
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Path> filesUnder(String prefix, Path root) {
        Map<String, Path> out = new TreeMap<>();
        if (Files.isRegularFile(root)) {
            out.put(prefix, root);
            return out;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.filter(Files::isRegularFile).forEach(p -> out.put(prefix + "/" + root.relativize(p), p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * The classes of h2scope's reference server and its libraries, named {@code classpath/NN-NAME} for
     * the build context of docker-targets/h2scope: the conformance and engine jars (or class folders
     * in a build) and the libraries the engine needs, found on this JVM's class path.
     */
    static Map<String, Path> classPathContext() {
        Map<String, Path> out = new LinkedHashMap<>();
        List<Path> entries = Stream.concat(
                        Stream.of(codeSource(ReferenceServerProcess.class), codeSource(io.h2scope.engine.server.H2Server.class)),
                        classPath().stream().filter(p -> RUNTIME_LIBRARY.matcher(p.getFileName().toString()).matches()))
                .distinct().toList();
        for (int i = 0; i < entries.size(); i++) {
            Path entry = entries.get(i);
            String name = Files.isDirectory(entry) ? "classes" : entry.getFileName().toString();
            out.put(String.format("classpath/%02d-%s", i, name), entry);
        }
        return out;
    }

    private static Path codeSource(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** This JVM's class path, with a manifest-only jar (Surefire's booter) opened to its Class-Path. */
    private static List<Path> classPath() {
        return Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(s -> !s.isEmpty()).map(Path::of).flatMap(ImageTag::withManifestClassPath).toList();
    }

    private static Stream<Path> withManifestClassPath(Path entry) {
        if (!entry.toString().endsWith(".jar") || !Files.isRegularFile(entry)) {
            return Stream.of(entry);
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            Manifest manifest = jar.getManifest();
            String listed = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            if (listed == null || listed.isBlank()) {
                return Stream.of(entry);
            }
            Stream.Builder<Path> out = Stream.builder();
            out.add(entry);
            for (String url : listed.trim().split("\\s+")) {
                try {
                    out.add(url.startsWith("file:") ? Path.of(new java.net.URI(url)) : entry.resolveSibling(url));
                } catch (URISyntaxException | IllegalArgumentException e) {
                    // not a local file: not needed in the image
                }
            }
            return out.build();
        } catch (IOException e) {
            return Stream.of(entry);
        }
    }

}
