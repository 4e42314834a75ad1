package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which connection a cap sheds, on passed-in times: the one idle the longest; never a busy one, nor one picked already. */
class OldestIdleTest {

    private static final long SECOND = 1_000_000_000L;

    private final Map<String, ConnectionActivity> conns = new LinkedHashMap<>();

    private ConnectionActivity add(String name) {
        ConnectionActivity a = new ConnectionActivity();
        conns.put(name, a);
        return a;
    }

    private String pick(java.util.function.Predicate<String> eligible) {
        return OldestIdle.pick(conns.keySet(), conns::get, eligible);
    }

    @Test
    void theConnectionIdleTheLongestIsPicked() {
        add("a").idle(20 * SECOND);
        add("b").idle(5 * SECOND);
        add("c").idle(9 * SECOND);
        assertEquals("b", pick(n -> true));
        assertEquals("c", pick(n -> !n.equals("b")), "b is being shed already");
    }

    @Test
    void busyConnectionsAreNeverPickedAndIdleTimeRestartsAfterWork() {
        ConnectionActivity a = add("a");
        a.idle(1 * SECOND);
        add("b").idle(2 * SECOND);
        a.busy(); // a stream came: a works
        assertEquals("b", pick(n -> true));
        a.idle(10 * SECOND); // done at 10 s: idle since then, not since 1 s
        a.idle(11 * SECOND); // still idle: the earlier start stands
        assertEquals("b", pick(n -> true));
        assertEquals("a", pick(n -> !n.equals("b")));
    }

    @Test
    void aNewConnectionStartsBusyUntilItsLayersSayItIsIdle() {
        add("proxied"); // no layer ever says idle: such a connection is never shed
        assertNull(pick(n -> true));
    }
}
