package io.h2scope.engine.hpack;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Encoder round trip over the raw-data header sets of hpack-test-case: encode, decode with our decoder,
 * compare. Prints the compression ratio (encoded bytes / raw name+value bytes) per mode.
 */
class HpackRoundTripTest {

    enum Mode {
        HUFFMAN(HuffmanMode.SHORTEST, false),
        PLAIN(HuffmanMode.NEVER, false),
        HUFFMAN_ALWAYS(HuffmanMode.ALWAYS, false),
        TABLE_SIZE_CHANGES(HuffmanMode.SHORTEST, true);

        final HuffmanMode huffman;
        final boolean changeTableSize;

        Mode(HuffmanMode huffman, boolean changeTableSize) {
            this.huffman = huffman;
            this.changeTableSize = changeTableSize;
        }
    }

    private static List<HpackCorpus.Story> rawStories() {
        List<HpackCorpus.Story> stories = new ArrayList<>();
        for (Path file : HpackCorpus.storyFiles(HpackCorpus.RAW)) {
            stories.add(HpackCorpus.load(HpackCorpus.RAW, file));
        }
        return stories;
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void rawDataRoundTrips(Mode mode) {
        long raw = 0;
        long encoded = 0;
        int cases = 0;
        HpackOutput out = new HpackOutput();
        for (HpackCorpus.Story story : rawStories()) {
            HpackEncoder encoder = new HpackEncoder(4096, IndexingPolicy.defaults(), mode.huffman);
            HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 16);
            List<HpackCorpus.Case> list = story.cases();
            for (int i = 0; i < list.size(); i++) {
                if (mode.changeTableSize && (i == list.size() / 3 || i == 2 * list.size() / 3)) {
                    // lowered to 256 a third of the way in, raised back to 4096 at two thirds (SETTINGS acked)
                    int size = i == list.size() / 3 ? 256 : 4096;
                    decoder.setMaxTableSize(size);
                    encoder.setMaxTableSize(size);
                }
                List<HeaderField> headers = list.get(i).headers();
                out.reset();
                encoder.encode(headers, out);
                List<HeaderField> back = new ArrayList<>();
                decoder.decode(out.array(), 0, out.size(), (n, v, r, hn, hv) -> back.add(new HeaderField(n, v)));
                assertEquals(headers, back, story.id() + " case " + i + " in mode " + mode);
                assertEquals(encoder.dynamicTable().entries(), decoder.dynamicTable().entries(), "tables in sync");
                for (HeaderField f : headers) {
                    raw += f.name().length() + f.value().length();
                }
                encoded += out.size();
                cases++;
            }
        }
        assertEquals(1219, cases, "raw-data header sets");
        System.out.printf("HPACK round trip %-18s %8d raw -> %8d encoded bytes, ratio %.3f%n",
                mode, raw, encoded, (double) encoded / raw);
        assertTrue(encoded < raw, "compresses");
    }

    @Test
    void noLargerThanNghttp2OnSameStories() {
        long ours = 0;
        long nghttp2 = 0;
        for (Path file : HpackCorpus.storyFiles("nghttp2")) {
            HpackCorpus.Story story = HpackCorpus.load("nghttp2", file);
            HpackEncoder encoder = new HpackEncoder(4096);
            for (HpackCorpus.Case c : story.cases()) {
                ours += encoder.encode(c.headers()).length;
                nghttp2 += c.wire().length;
            }
        }
        System.out.printf("HPACK vs nghttp2 on its stories: %d vs %d bytes (%.3f)%n", ours, nghttp2,
                (double) ours / nghttp2);
        assertTrue(ours <= nghttp2 * 1.05, "within 5% of nghttp2: " + ours + " vs " + nghttp2);
    }
}
