package io.h2scope.conformance.embedded;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The embedded reference server passes every case of the suite, strict, over h2c ({@link EmbeddedStrictRun}). */
class EmbeddedConformanceTest {

    @Test
    @DisplayName("the embedded reference server passes every case, strict, over h2c")
    void everyCasePassesStrict() throws Exception {
        EmbeddedStrictRun.assertEveryCasePasses(false);
    }
}
