package io.h2scope.conformance.embedded;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The embedded reference server passes every case of the suite, strict, over TLS ({@link EmbeddedStrictRun}). */
class EmbeddedConformanceTlsTest {

    @Test
    @DisplayName("the embedded reference server passes every case, strict, over TLS")
    void everyCasePassesStrict() throws Exception {
        EmbeddedStrictRun.assertEveryCasePasses(true);
    }
}
