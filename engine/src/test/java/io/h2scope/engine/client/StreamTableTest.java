package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StreamTableTest {

    private static ClientStream stream() {
        return new ClientStream(null, null, false);
    }

    @Test
    void behavesLikeAMapUnderRandomOpenAndCloseOfOddIds() {
        StreamTable table = new StreamTable();
        Map<Integer, ClientStream> reference = new HashMap<>();
        Random random = new Random(7);
        int nextId = 1;
        for (int step = 0; step < 200_000; step++) {
            if (reference.isEmpty() || random.nextInt(100) < 52 && reference.size() < 3000) {
                ClientStream s = stream();
                table.put(nextId, s);
                reference.put(nextId, s);
                nextId += 2;
            } else {
                // close a live stream, or an id that is not there (a no-op)
                int id = random.nextBoolean() ? reference.keySet().iterator().next() : 1 + 2 * random.nextInt(nextId);
                table.remove(id);
                reference.remove(id);
            }
            if (step % 997 == 0) {
                for (Map.Entry<Integer, ClientStream> e : reference.entrySet()) {
                    assertSame(e.getValue(), table.get(e.getKey()));
                }
                assertEquals(reference.size(), table.size());
                assertEquals(new HashSet<>(reference.values()), new HashSet<>(table.values()));
            }
        }
        for (int id = 1; id < nextId; id += 2) {
            assertSame(reference.get(id), table.get(id), "stream " + id);
        }
    }

    @Test
    void putReplacesAndClearEmpties() {
        StreamTable table = new StreamTable();
        ClientStream a = stream();
        ClientStream b = stream();
        table.put(3, a);
        table.put(3, b);
        assertEquals(1, table.size());
        assertSame(b, table.get(3));
        table.clear();
        assertNull(table.get(3));
        assertEquals(0, table.size());
    }

    @Test
    void refusesIdZero() {
        assertThrows(IllegalArgumentException.class, () -> new StreamTable().put(0, stream()));
    }
}
