package io.h2scope.engine.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WindowUpdatePolicyTest {

    @Test
    void immediateReturnsEverything_rfc9113_5_2_1() {
        assertEquals(1, WindowUpdatePolicy.IMMEDIATE.increment(65_535, 1));
        assertEquals(FlowWindow.MAX_SIZE, WindowUpdatePolicy.IMMEDIATE.increment(65_535, Long.MAX_VALUE));
    }

    @Test
    void ratioWorkedExample_rfc9113_5_2_1() {
        WindowUpdatePolicy half = new WindowUpdatePolicy.Ratio(0.5);
        assertEquals(0, half.increment(65_535, 16_384));
        assertEquals(0, half.increment(65_535, 32_767));
        assertEquals(32_768, half.increment(65_535, 32_768));
        assertEquals(half, WindowUpdatePolicy.HALF);
    }

    @Test
    void manualReturnsNothing_rfc9113_5_2_1() {
        assertEquals(0, WindowUpdatePolicy.MANUAL.increment(65_535, 65_535));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -0.5, 1.01, Double.NaN})
    void ratioOutsideZeroToOneIsRejected(double ratio) {
        assertThrows(IllegalArgumentException.class, () -> new WindowUpdatePolicy.Ratio(ratio));
    }
}
