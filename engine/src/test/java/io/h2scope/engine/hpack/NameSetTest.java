package io.h2scope.engine.hpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class NameSetTest {

    @Test
    void answersLikeTheSetItWasMadeFrom() {
        Set<String> names = Set.of("authorization", "proxy-authorization", "set-cookie");
        NameSet set = new NameSet(names);
        for (String n : names) {
            assertTrue(set.contains(new String(n))); // equal, not the same instance
        }
        for (String n : new String[] {"cookie", "authorizatio", "Authorization", "", "set-cookie2", ":path"}) {
            assertFalse(set.contains(n), n);
        }
    }

    @Test
    void namesWithTheSameHashAreProbedPastEachOther() {
        assertEquals("Aa".hashCode(), "BB".hashCode());
        assertEquals("AaAa".hashCode(), "BBBB".hashCode());
        NameSet set = new NameSet(Set.of("Aa", "AaAa", "AaBB"));
        assertTrue(set.contains("Aa"));
        assertTrue(set.contains("AaAa"));
        assertTrue(set.contains("AaBB"));
        assertFalse(set.contains("BB"));
        assertFalse(set.contains("BBBB"));
        assertFalse(set.contains("BBAa"));
    }

    @Test
    void anEmptySetAndALargeOneWork() {
        assertFalse(new NameSet(Set.of()).contains("x"));
        Set<String> many = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            many.add("name-" + i);
        }
        NameSet set = new NameSet(many);
        for (int i = 0; i < 500; i++) {
            assertTrue(set.contains("name-" + i));
        }
        assertFalse(set.contains("name-500"));
    }

    @Test
    void theDefaultPolicyStillDecidesAsDocumented() {
        IndexingPolicy p = IndexingPolicy.defaults();
        assertEquals(IndexingPolicy.Decision.NEVER_INDEX, p.decide("authorization", "Bearer x", 4096));
        assertEquals(IndexingPolicy.Decision.NEVER_INDEX, p.decide("cookie", "a=b", 4096));
        assertEquals(IndexingPolicy.Decision.INDEX, p.decide("cookie", "session=0123456789abcdef", 4096));
        assertEquals(IndexingPolicy.Decision.NO_INDEX, p.decide("etag", "\"abc\"", 4096));
        assertEquals(IndexingPolicy.Decision.INDEX, p.decide("user-agent", "curl/8", 4096));
        assertEquals(new DefaultIndexingPolicy(20, 64, Set.of("authorization", "proxy-authorization", "set-cookie"),
                Set.of("content-length", "etag", "if-none-match", "age")), p);
    }
}
