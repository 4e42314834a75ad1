package io.h2scope.conformance.embedded;

import io.h2scope.engine.testing.fault.Fault;
import java.util.stream.Stream;

/**
 * Each fault that makes the server accept a field section or HPACK block the RFC makes an error is caught
 * by its cases only.
 */
class FaultInjectionFieldsTest extends FaultInjection {

    static Stream<Fault> faults() {
        return Kind.ACCEPTS_BAD_FIELDS.faults();
    }
}
