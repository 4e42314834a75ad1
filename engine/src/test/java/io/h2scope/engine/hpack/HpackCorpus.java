package io.h2scope.engine.hpack;

import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.testsupport.SharedDirAssumption;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Reads shared/hpack-test-case (see its ABOUT.md; tests skip without it): one {@link Story} per story file. */
final class HpackCorpus {

    static final String RAW = "raw-data";

    /** One header block and the header list it encodes; {@code tableSize} null means "unchanged". */
    record Case(int seqno, Integer tableSize, byte[] wire, List<HeaderField> headers) {
    }

    record Story(String folder, String file, List<Case> cases) {
        String id() {
            return folder + "/" + file;
        }
    }

    private HpackCorpus() {
    }

    static Path root() {
        return SharedDirAssumption.resolve("hpack-test-case");
    }

    /** Folder names, sorted; {@code encoded} selects the encoder folders, else only raw-data. */
    static List<String> folders(boolean encoded) {
        try (Stream<Path> s = Files.list(root())) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(name -> encoded != name.equals(RAW)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> storyFiles(String folder) {
        try (Stream<Path> s = Files.list(root().resolve(folder))) {
            return s.filter(p -> p.getFileName().toString().matches("story_\\d+\\.json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cheap count for the completeness check: one {@code "seqno"} key per encoded case. */
    static int countCases(Path file) {
        String text = read(file);
        int n = 0;
        for (int at = text.indexOf("\"seqno\""); at >= 0; at = text.indexOf("\"seqno\"", at + 1)) {
            n++;
        }
        return n;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Story load(String folder, Path file) {
        String text = read(file);
        Map<?, ?> json = (Map<?, ?>) Json.parse(text);
        List<Case> cases = new ArrayList<>();
        int position = 0;
        for (Object o : (List<?>) json.get("cases")) {
            Map<?, ?> c = (Map<?, ?>) o;
            Object seq = c.get("seqno");
            Object size = c.get("header_table_size");
            Object wire = c.get("wire");
            List<HeaderField> headers = new ArrayList<>();
            for (Object h : (List<?>) c.get("headers")) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) h).entrySet()) {
                    headers.add(new HeaderField((String) e.getKey(), (String) e.getValue()));
                }
            }
            cases.add(new Case(seq == null ? position : ((Long) seq).intValue(),
                    size == null ? null : ((Long) size).intValue(),
                    wire == null ? null : Hex.decode((String) wire), headers));
            position++;
        }
        return new Story(folder, file.getFileName().toString(), cases);
    }
}
