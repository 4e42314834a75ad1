package io.h2scope.engine.hpack;

import io.h2scope.engine.trace.redact.SecretScan;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * A field block with chosen values filled still decodes, to the same names, the other values unchanged, the filled
 * ones as long as before, and the same table sizes: so a later block that indexes a filled entry decodes too.
 */
class ValueFillerTest {

    /** size update, :method GET, authorization (Huffman, indexed), x-api-key (plain, never indexed), :path, cookie. */
    private static byte[] firstBlock() {
        HpackWriter w = new HpackWriter(new HpackOutput());
        w.encodeSizeUpdate(4096)
                .encodeIndexed(2)
                .encodeLiteral(23, "Bearer secret123", Representation.LITERAL_INDEXED, true)
                .encodeLiteral("x-api-key", "k3y-{}{}", Representation.LITERAL_NEVER_INDEXED, false)
                .encodeLiteral(4, "/index.html", Representation.LITERAL_NOT_INDEXED, true)
                .encodeLiteral("cookie", "session=abc", Representation.LITERAL_INDEXED, false);
        return w.output().toByteArray();
    }

    private static final Set<String> SENSITIVE = Set.of("authorization", "x-api-key", "cookie");
    private static final List<String> NAMES = List.of(":method", "authorization", "x-api-key", ":path", "cookie");

    @Test
    void filledBlockDecodesToTheSameLengthsAndTableSizes() {
        byte[] block = firstBlock();
        assertEquals(5, ValueFiller.fieldLines(block));
        byte[] filled = ValueFiller.fill(block, line -> SENSITIVE.contains(NAMES.get(line)));
        assertEquals(block.length, filled.length);
        HpackDecoder original = new HpackDecoder(4096, Long.MAX_VALUE, 4096);
        HpackDecoder redacted = new HpackDecoder(4096, Long.MAX_VALUE, 4096);
        List<HeaderField> before = original.decode(block);
        List<HeaderField> after = redacted.decode(filled);
        assertEquals(before.size(), after.size());
        for (int i = 0; i < before.size(); i++) {
            HeaderField b = before.get(i);
            HeaderField a = after.get(i);
            assertEquals(b.name(), a.name());
            assertEquals(b.value().length(), a.value().length(), b.name());
            if (SENSITIVE.contains(b.name())) {
                assertNotEquals(b.value(), a.value(), b.name());
            } else {
                assertEquals(b.value(), a.value());
            }
        }
        assertEquals("********", after.get(2).value(), "a plain literal is filled with *");
        assertEquals("***********", after.get(4).value());
        assertEquals(original.dynamicTable().size(), redacted.dynamicTable().size());
        assertEquals(original.dynamicTable().length(), redacted.dynamicTable().length());

        // the next block indexes both entries: cookie (62) and authorization (63) decode to the filled values
        byte[] second = new HpackWriter(new HpackOutput()).encodeIndexed(62).encodeIndexed(63).output().toByteArray();
        assertSame(second, ValueFiller.fill(second, line -> true), "indexed lines have no octets to fill");
        List<HeaderField> indexed = redacted.decode(second);
        assertEquals(after.get(4), indexed.get(0));
        assertEquals(after.get(1).value(), indexed.get(1).value());
        assertEquals(original.decode(second).get(1).value().length(), indexed.get(1).value().length());
    }

    @Test
    void fillingTwiceChangesNothingMore() {
        byte[] once = ValueFiller.fill(firstBlock(), line -> true);
        assertSame(once, ValueFiller.fill(once, line -> true));
    }

    @Test
    void nothingChosenIsTheSameArray() {
        byte[] block = firstBlock();
        assertSame(block, ValueFiller.fill(block, line -> false));
    }

    @Test
    void aBlockCutShortIsZeroedFromTheLineThatDoesNotParse() {
        byte[] block = firstBlock();
        int cut = SecretScan.indexOf(block, "k3y".getBytes()) + 2; // inside x-api-key's value
        byte[] truncated = Arrays.copyOf(block, cut);
        assertEquals(-1, ValueFiller.fieldLines(truncated));
        byte[] filled = ValueFiller.fill(truncated, line -> false);
        int lineStart = new HpackWriter(new HpackOutput()).encodeSizeUpdate(4096).encodeIndexed(2)
                .encodeLiteral(23, "Bearer secret123", Representation.LITERAL_INDEXED, true).output().size();
        assertArrayEquals(Arrays.copyOf(block, lineStart), Arrays.copyOf(filled, lineStart));
        for (int i = lineStart; i < filled.length; i++) {
            assertEquals(0, filled[i], "octet " + i);
        }
    }

}
