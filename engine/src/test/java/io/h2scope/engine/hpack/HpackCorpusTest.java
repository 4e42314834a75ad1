package io.h2scope.engine.hpack;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every encoded story of the hpack-test-case corpus (14 encoders, RFC 7541) decodes to exactly its
 * headers, one decoder per story, honouring {@code header_table_size}.
 */
class HpackCorpusTest {

    private static final int STORY_FILES = 376;
    private static final int CASES = 16_832;

    @TestFactory
    @DisplayName("hpack-test-case: every encoded story decodes to its headers")
    Stream<DynamicTest> everyStoryDecodes() {
        return HpackCorpus.folders(true).stream()
                .flatMap(folder -> HpackCorpus.storyFiles(folder).stream()
                        .map(file -> DynamicTest.dynamicTest(folder + "/" + file.getFileName(),
                                () -> decodeStory(HpackCorpus.load(folder, file)))));
    }

    @Test
    @DisplayName("hpack-test-case: all 376 encoded story files and 16,832 cases are present")
    void corpusIsComplete() {
        int files = 0;
        int cases = 0;
        for (String folder : HpackCorpus.folders(true)) {
            for (Path file : HpackCorpus.storyFiles(folder)) {
                files++;
                cases += HpackCorpus.countCases(file);
            }
        }
        assertEquals(14, HpackCorpus.folders(true).size(), "encoder folders");
        assertEquals(STORY_FILES, files, "encoded story files");
        assertEquals(CASES, cases, "encoded cases");
    }

    /** Returns the number of cases decoded. */
    static int decodeStory(HpackCorpus.Story story) {
        HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 16);
        List<HeaderField> got = new ArrayList<>();
        for (HpackCorpus.Case c : story.cases()) {
            String where = story.id() + " seqno " + c.seqno();
            if (c.tableSize() != null) {
                decoder.setMaxTableSize(c.tableSize());
            }
            got.clear();
            try {
                decoder.decode(c.wire(), 0, c.wire().length,
                        (name, value, rep, hn, hv) -> got.add(new HeaderField(name, value)));
            } catch (HpackException e) {
                fail(where + ": " + e.getMessage());
            }
            assertEquals(c.headers(), got, where);
        }
        return story.cases().size();
    }
}
