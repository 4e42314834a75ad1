package io.h2scope.engine.hpack;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DynamicTableTest {

    @Test
    void entrySizeIsNamePlusValuePlus32_rfc7541_4_1() {
        DynamicTable t = new DynamicTable(4096, false);
        t.add("abc", "de");
        assertEquals(37, t.size());
        assertEquals(37, new HeaderField("abc", "de").size());
    }

    @Test
    void evictsOldestUntilTheNewEntryFits_rfc7541_4_4() {
        DynamicTable t = new DynamicTable(100, false);
        t.add("a", "1"); // 34
        t.add("b", "2"); // 68
        t.add("c", "3"); // 102 > 100: "a" goes
        assertEquals(List.of(new HeaderField("c", "3"), new HeaderField("b", "2")), t.entries());
        assertEquals(68, t.size());
    }

    @Test
    void entryLargerThanTableEmptiesIt_rfc7541_4_4() {
        DynamicTable t = new DynamicTable(64, false);
        t.add("a", "1");
        t.add("x", "y".repeat(40));
        assertEquals(0, t.length());
        assertEquals(0, t.size());
    }

    @Test
    void loweringMaxSizeEvicts_rfc7541_4_3() {
        DynamicTable t = new DynamicTable(4096, false);
        for (int i = 0; i < 10; i++) {
            t.add("n" + i, "v");
        }
        t.setMaxSize(70);
        assertEquals(List.of(new HeaderField("n9", "v"), new HeaderField("n8", "v")), t.entries());
        t.setMaxSize(0);
        assertEquals(0, t.length());
    }

    @Test
    void hashedLookupAgreesWithAScanUnderChurn() {
        Random random = new Random(42);
        DynamicTable t = new DynamicTable(600, true);
        for (int step = 0; step < 20_000; step++) {
            String name = "n" + random.nextInt(12);
            String value = "v" + random.nextInt(6);
            if (step % 997 == 0) {
                t.setMaxSize(random.nextInt(900));
            }
            assertEquals(scan(t, name, value), t.find(name, value), "step " + step);
            t.add(name, value);
        }
    }

    /** Reference lookup: newest exact match, else minus the newest name match, else 0. */
    private static int scan(DynamicTable t, String name, String value) {
        List<HeaderField> entries = t.entries();
        int nameMatch = 0;
        for (int i = 0; i < entries.size(); i++) {
            HeaderField f = entries.get(i);
            if (f.name().equals(name)) {
                if (f.value().equals(value)) {
                    return i + 1;
                }
                if (nameMatch == 0) {
                    nameMatch = -(i + 1);
                }
            }
        }
        return nameMatch;
    }
}
