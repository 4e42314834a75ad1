package io.h2scope.engine.hpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeaderListTest {

    private static final HeaderField METHOD = new HeaderField(":method", "GET");
    private static final HeaderField PATH = new HeaderField(":path", "/");
    private static final HeaderField AGENT = new HeaderField("user-agent", "test");

    @Test
    void copyOfAHeaderListIsTheSameList() {
        HeaderList list = HeaderList.copyOf(List.of(METHOD, PATH));
        assertSame(list, HeaderList.copyOf(list));
    }

    @Test
    void copyOfAnyOtherListIsACopyTheSourceCannotChange() {
        List<HeaderField> source = new ArrayList<>(List.of(METHOD, PATH));
        HeaderList list = HeaderList.copyOf(source);
        source.set(0, AGENT);
        source.add(AGENT);
        assertEquals(List.of(METHOD, PATH), list);
    }

    @Test
    void isImmutableAndRejectsNulls() {
        HeaderList list = HeaderList.copyOf(List.of(METHOD, PATH));
        assertThrows(UnsupportedOperationException.class, () -> list.add(AGENT));
        assertThrows(UnsupportedOperationException.class, () -> list.set(0, AGENT));
        assertThrows(UnsupportedOperationException.class, () -> list.remove(0));
        assertThrows(UnsupportedOperationException.class, list::clear);
        assertThrows(NullPointerException.class, () -> HeaderList.copyOf(Arrays.asList(METHOD, null)));
        assertThrows(IndexOutOfBoundsException.class, () -> list.get(2));
        assertThrows(IndexOutOfBoundsException.class, () -> list.get(-1));
    }

    @Test
    void subListIsAnImmutableHeaderListOverTheSameFields() {
        HeaderList list = HeaderList.copyOf(List.of(METHOD, PATH, AGENT));
        HeaderList regular = list.subList(2, 3);
        assertEquals(List.of(AGENT), regular);
        assertEquals(1, regular.size());
        assertThrows(IndexOutOfBoundsException.class, () -> regular.get(1));
        assertThrows(UnsupportedOperationException.class, () -> regular.add(METHOD));
        assertSame(regular, HeaderList.copyOf(regular));
        assertEquals(List.of(PATH), list.subList(1, 3).subList(0, 1));
        assertEquals(List.of(), list.subList(3, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> list.subList(2, 4));
    }

    @Test
    void equalsAndHashCodeFollowTheListContract() {
        HeaderList list = HeaderList.copyOf(new ArrayList<>(List.of(METHOD, AGENT)));
        assertEquals(List.of(METHOD, AGENT), list);
        assertEquals(list, List.of(METHOD, AGENT));
        assertEquals(List.of(METHOD, AGENT).hashCode(), list.hashCode());
        assertEquals(List.of(METHOD, AGENT), Arrays.asList(list.toArray()));
    }

    @Test
    void eachDecodedBlockIsItsOwnImmutableList() {
        HpackEncoder encoder = new HpackEncoder(4096);
        HpackDecoder decoder = new HpackDecoder(4096, 1 << 16, 1 << 16);
        HeaderList first = decoder.decode(encode(encoder, List.of(METHOD, PATH, AGENT)));
        HeaderList second = decoder.decode(encode(encoder, List.of(METHOD, AGENT)));
        assertEquals(List.of(METHOD, PATH, AGENT), first); // the decoder's reused array did not leak into it
        assertEquals(List.of(METHOD, AGENT), second);
        assertInstanceOf(HeaderList.class, first);
        assertThrows(UnsupportedOperationException.class, () -> first.add(AGENT));
    }

    /** Indexed fields come back as the tables' shared instances, and stay right as the dynamic table evicts and refills. */
    @Test
    void indexedFieldsAreSharedAndFollowEviction() {
        HpackEncoder encoder = new HpackEncoder(256);
        HpackDecoder decoder = new HpackDecoder(256, 1 << 16, 1 << 16);
        List<HeaderField> previous = List.of();
        HeaderList previousDecoded = HeaderList.of();
        for (int round = 0; round < 200; round++) {
            // a few fields repeat (indexed after their first block), the others push old entries out
            List<HeaderField> block = List.of(METHOD, new HeaderField("x-round", "r" + round),
                    new HeaderField("x-fixed", "same every time"), new HeaderField("x-mod", "m" + round % 7));
            HeaderList decoded = decoder.decode(encode(encoder, block));
            assertEquals(block, decoded, "round " + round);
            assertEquals(previous, previousDecoded); // an earlier list is not changed by later blocks
            previous = block;
            previousDecoded = decoded;
        }
        HeaderList a = decoder.decode(encode(encoder, List.of(METHOD)));
        HeaderList b = decoder.decode(encode(encoder, List.of(METHOD)));
        assertSame(a.get(0), b.get(0)); // :method GET, static index 2: one shared instance
    }

    private static byte[] encode(HpackEncoder encoder, List<HeaderField> fields) {
        HpackOutput out = new HpackOutput(64);
        encoder.encode(fields, out);
        return out.toByteArray();
    }
}
