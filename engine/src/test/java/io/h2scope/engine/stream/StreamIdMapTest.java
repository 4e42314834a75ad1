package io.h2scope.engine.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StreamIdMapTest {

    private final StreamIdMap<String> map = new StreamIdMap<>();

    @Test
    void emptyMapFindsNothing() {
        assertNull(map.get(1));
        assertFalse(map.containsKey(1));
        assertNull(map.remove(1));
        assertTrue(map.isEmpty());
        assertArrayEquals(new int[0], map.keys());
    }

    @Test
    void putGetReplaceAndRemove() {
        assertNull(map.put(3, "a"));
        assertEquals("a", map.put(3, "b"));
        assertEquals("b", map.get(3));
        assertEquals(1, map.size());
        assertEquals("b", map.putIfAbsent(3, "c"));
        assertEquals("b", map.get(3));
        assertNull(map.putIfAbsent(5, "e"));
        assertEquals("b", map.remove(3));
        assertNull(map.get(3));
        assertEquals("e", map.get(5));
        assertEquals(1, map.size());
    }

    @Test
    void streamZeroAndNegativeIdsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> map.put(0, "x"));
        assertThrows(IllegalArgumentException.class, () -> map.put(-1, "x"));
        assertThrows(NullPointerException.class, () -> map.put(1, null));
        assertNull(map.get(0)); // a lookup of stream 0 is simply a miss
    }

    @Test
    void growsPastItsFirstTableAndKeepsEveryEntry() {
        for (int id = 1; id < 2_001; id += 2) {
            map.put(id, "s" + id);
        }
        assertEquals(1_000, map.size());
        for (int id = 1; id < 2_001; id += 2) {
            assertEquals("s" + id, map.get(id));
            assertFalse(map.containsKey(id + 1));
        }
        assertEquals(1_000, map.keys().length);
        map.put(Integer.MAX_VALUE, "max");
        assertEquals("max", map.get(Integer.MAX_VALUE));
    }

    @Test
    void keysAreASortedSnapshot() {
        for (int id : new int[] {9, 1, 7, 3, 5}) {
            map.put(id, "v");
        }
        int[] keys = map.keys();
        assertArrayEquals(new int[] {1, 3, 5, 7, 9}, keys);
        for (int id : keys) {
            map.remove(id); // a snapshot: removing while walking it is fine
        }
        assertTrue(map.isEmpty());
    }

    @Test
    void clearEmptiesAndTheMapIsUsableAgain() {
        map.put(1, "a");
        map.put(3, "b");
        map.clear();
        assertTrue(map.isEmpty());
        assertNull(map.get(1));
        map.put(3, "c");
        assertEquals("c", map.get(3));
    }

    @Test
    void forEachValueVisitsEveryValueAndRefusesChangesMeanwhile() {
        map.put(1, "a");
        map.put(3, "b");
        map.put(5, "c");
        List<String> seen = new ArrayList<>();
        map.forEachValue(seen::add);
        seen.sort(null);
        assertEquals(List.of("a", "b", "c"), seen);
        assertThrows(ConcurrentModificationException.class, () -> map.forEachValue(v -> map.remove(1)));
    }

    /** Removal shifts probe runs back: a random mix of puts and removes must agree with HashMap throughout. */
    @Test
    void randomOperationsAgreeWithHashMap() {
        Random random = new Random(20261130);
        Map<Integer, String> expected = new HashMap<>();
        // a small id range forces collisions, long probe runs and removals in the middle of them
        for (int op = 0; op < 200_000; op++) {
            int id = 1 + random.nextInt(op < 100_000 ? 64 : 5_000);
            switch (random.nextInt(4)) {
                case 0, 1 -> assertEquals(expected.put(id, "v" + op), map.put(id, "v" + op));
                case 2 -> assertEquals(expected.remove(id), map.remove(id));
                default -> assertEquals(expected.get(id), map.get(id));
            }
            assertEquals(expected.size(), map.size());
        }
        for (Map.Entry<Integer, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), map.get(e.getKey()));
        }
        assertArrayEquals(expected.keySet().stream().mapToInt(Integer::intValue).sorted().toArray(), map.keys());
    }

    @Test
    void toStringListsEntriesById() {
        map.put(3, "b");
        map.put(1, "a");
        assertEquals("{1=a, 3=b}", map.toString());
    }
}
