package io.h2scope.bench.hpack;

import io.h2scope.bench.hpack.peer.Field;
import io.h2scope.bench.hpack.peer.HpackPeer;
import io.h2scope.engine.testsupport.SharedDir;
import io.h2scope.engine.trace.jsonl.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The hpack-test-case corpus (shared/hpack-test-case): every story of every encoder folder, with its wire
 * blocks as bytes. Each story is one HPACK context, decoded in order with one fresh decoder.
 */
public final class HpackCorpus {

    /** No {@code header_table_size} in this case (absent or null): the setting is unchanged. */
    public static final int UNCHANGED = -1;

    /** One header block. {@code tableSize} is the decoder's new SETTINGS_HEADER_TABLE_SIZE, or UNCHANGED. */
    public record Case(int seqno, int tableSize, byte[] wire, List<Field> headers) {
    }

    /** One story file of one encoder folder. */
    public record Story(String folder, String file, List<Case> cases) {

        /** The largest table size the decoder is ever allowed in this story (for decoders fixed at construction). */
        public int maxTableSize() {
            int max = HpackPeer.DEFAULT_TABLE_SIZE;
            for (Case c : cases) {
                max = Math.max(max, c.tableSize());
            }
            return max;
        }

        /** The setting the decoder starts the story with (case 0 may carry one). */
        public int initialTableSize() {
            int first = cases.isEmpty() ? UNCHANGED : cases.get(0).tableSize();
            return first == UNCHANGED ? HpackPeer.DEFAULT_TABLE_SIZE : first;
        }

        @Override
        public String toString() {
            return folder + "/" + file;
        }
    }

    /** The corpus's folder in shared/. */
    public static final String FOLDER = "hpack-test-case";

    private static final String RAW_DATA = "raw-data";

    private HpackCorpus() {
    }

    /** All stories of all encoder folders (not raw-data), folders and files in name order. */
    public static List<Story> load() {
        return load(SharedDir.find(FOLDER).orElseThrow(() -> new IllegalStateException(SharedDir.missing(FOLDER))));
    }

    public static List<Story> load(Path root) {
        List<Story> stories = new ArrayList<>();
        for (Path folder : sorted(root, Files::isDirectory)) {
            if (folder.getFileName().toString().equals(RAW_DATA)) {
                continue;
            }
            for (Path file : sorted(folder, p -> p.getFileName().toString().matches("story_\\d+\\.json"))) {
                stories.add(readStory(folder.getFileName().toString(), file));
            }
        }
        if (stories.isEmpty()) {
            throw new IllegalStateException("no stories under " + root);
        }
        return List.copyOf(stories);
    }

    /** Total number of header blocks. */
    public static int caseCount(List<Story> stories) {
        return stories.stream().mapToInt(s -> s.cases().size()).sum();
    }

    private static List<Path> sorted(Path dir, java.util.function.Predicate<Path> filter) {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(filter).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Story readStory(String folder, Path file) {
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Object> root = (Map<String, Object>) Json.parse(json);
        List<Case> cases = new ArrayList<>();
        for (Object o : (List<Object>) root.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            Object size = c.get("header_table_size");
            int tableSize = size == null ? UNCHANGED : ((Long) size).intValue();
            byte[] wire = HexFormat.of().parseHex((String) c.get("wire"));
            List<Field> headers = new ArrayList<>();
            for (Object h : (List<Object>) c.get("headers")) {
                Map.Entry<String, Object> only = ((Map<String, Object>) h).entrySet().iterator().next();
                headers.add(new Field(only.getKey(), (String) only.getValue()));
            }
            int seqno = ((Long) c.get("seqno")).intValue();
            cases.add(new Case(seqno, tableSize, wire, List.copyOf(headers)));
        }
        return new Story(folder, file.getFileName().toString(), List.copyOf(cases));
    }
}
