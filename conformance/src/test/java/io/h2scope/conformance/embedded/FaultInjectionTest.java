package io.h2scope.conformance.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.suite.Suites;
import io.h2scope.engine.testing.fault.Fault;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The fault catalog is complete; each fault that makes the server misbehave on its own is caught by its cases only. */
class FaultInjectionTest extends FaultInjection {

    static Stream<Fault> faults() {
        return Kind.MISBEHAVES.faults();
    }

    @Test
    @DisplayName("at least 45 distinct faults, each caught by at least one case")
    void catalogIsComplete() {
        assertTrue(Fault.values().length >= 45, "only " + Fault.values().length + " faults");
        assertEquals(EnumSet.allOf(Fault.class), FaultCatalog.CATCHES.keySet(), "every fault declares its cases");
        Set<String> ids = Suites.allCases().stream().map(c -> c.id().value()).collect(Collectors.toSet());
        FaultCatalog.CATCHES.forEach((fault, cases) -> {
            Set<String> attributed = FaultCatalog.ATTRIBUTED.getOrDefault(fault, Set.of());
            assertTrue(!cases.isEmpty() || !attributed.isEmpty(), fault + " declares no case");
            assertTrue(ids.containsAll(cases) && ids.containsAll(attributed), fault + " names unknown cases: " + cases + " " + attributed);
        });
    }
}
