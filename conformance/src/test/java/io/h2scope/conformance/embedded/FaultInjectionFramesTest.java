package io.h2scope.conformance.embedded;

import io.h2scope.engine.testing.fault.Fault;
import java.util.stream.Stream;

/** Each fault that makes the server accept a frame the RFC makes an error is caught by its cases only. */
class FaultInjectionFramesTest extends FaultInjection {

    static Stream<Fault> faults() {
        return Kind.ACCEPTS_BAD_FRAMES.faults();
    }
}
