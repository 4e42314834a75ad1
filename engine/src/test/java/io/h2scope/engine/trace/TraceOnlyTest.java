package io.h2scope.engine.trace;

import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceOnly;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** H2SCOPE_TRACE_ONLY: entries of one kind ORed, kinds ANDed; a bad entry narrows, never widens. */
class TraceOnlyTest {

    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void entriesOfOneKindAreEitherAndKindsAreAll() throws Exception {
        TraceOnly only = TraceOnly.parse("peer=10.1.2.3,peer=192.168.0.0/16,path=/api/,path=/admin");
        assertTrue(only.matchesPeer(ip("10.1.2.3")) && only.matchesPeer(ip("192.168.200.7")));
        assertFalse(only.matchesPeer(ip("10.1.2.4")));
        assertFalse(only.matchesPeer(ip("::1")), "an IPv6 peer is in no IPv4 block");
        assertTrue(only.matchesRequest(null, "/api/users?id=1") && only.matchesRequest("x", "/admin/panel"));
        assertFalse(only.matchesRequest("x", "/apix"), "a prefix of the path, as given");
        assertTrue(only.needsPeer() && only.needsRequest());
        assertTrue(only.matchesConnection(99), "no conn entry: every id");
        assertEquals("peer=10.1.2.3,peer=192.168.0.0/16,path=/api/,path=/admin", only.toString());
    }

    @Test
    void anAuthorityWithoutAPortMatchesAnyPortAndAConnectionIdOnlyItself() throws Exception {
        TraceOnly only = TraceOnly.parse("authority=API.example,conn=17");
        assertTrue(only.matchesRequest("api.example", "/") && only.matchesRequest("api.example:8443", "/"));
        assertFalse(only.matchesRequest("api.example.org", "/"));
        assertTrue(TraceOnly.parse("authority=api.example:8443").matchesRequest("api.example:8443", "/"));
        assertFalse(TraceOnly.parse("authority=api.example:8443").matchesRequest("api.example", "/"));
        assertTrue(TraceOnly.parse("authority=[::1]").matchesRequest("[::1]:8443", "/"));
        assertTrue(only.matchesConnection(17));
        assertFalse(only.matchesConnection(18));
        assertTrue(TraceOnly.parse("peer=fd00::/8").matchesPeer(ip("fd12::1")));
    }

    @Test
    void aBadEntryIsOneLineLiveAndNarrowsFromTheEnvironment() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceOnly.parse("peer=10.0.0.0/33"));
        assertEquals("\"33\" is not a prefix length 0..32 in \"peer=10.0.0.0/33\"; accepted: " + TraceOnly.FORMS,
                e.getMessage());
        assertEquals("unknown kind \"host\" in \"host=x\"; accepted: " + TraceOnly.FORMS,
                assertThrows(IllegalArgumentException.class, () -> TraceOnly.parse("host=x")).getMessage());
        assertEquals("a path prefix begins with / in \"path=api\"; accepted: " + TraceOnly.FORMS,
                assertThrows(IllegalArgumentException.class, () -> TraceOnly.parse("path=api")).getMessage());
        assertEquals("\"api.example\" is not an IP address in \"peer=api.example\"; accepted: " + TraceOnly.FORMS,
                assertThrows(IllegalArgumentException.class, () -> TraceOnly.parse("peer=api.example")).getMessage());

        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_ONLY", "peer=10.1.2.300,path=/api/"));
        assertEquals(List.of("ignoring entry \"peer=10.1.2.300\" of H2SCOPE_TRACE_ONLY=\"peer=10.1.2.300,path=/api/\": "
                + "\"10.1.2.300\" is not an IP address (its kind still applies: fewer connections match); accepted: "
                + TraceOnly.FORMS), config.problems());
        TraceOnly only = config.traceOnly().orElseThrow();
        assertFalse(only.matchesPeer(ip("10.1.2.3")), "peer was named: with no good entry it matches no one");
        assertEquals("peer=(none valid),path=/api/", only.toString());
        assertTrue(TraceConfig.fromEnvironment(Map.of("H2SCOPE_TRACE_ONLY", " ")).traceOnly().isEmpty());
        assertTrue(TraceOnly.parseOrAll("all").isEmpty());
    }
}
