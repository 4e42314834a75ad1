package io.h2scope.conformance.junit;

import io.h2scope.conformance.verdict.Verdict;
import java.util.function.Supplier;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A verdict as a JUnit test ends, the same for the server and the client bridges. */
final class JUnitVerdicts {

    private JUnitVerdicts() {
    }

    /**
     * Returns for PASS and PASS-LENIENT; aborts the test ({@link TestAbortedException}, shown as skipped) with the
     * reason for SKIP and INCONCLUSIVE; fails it for FAIL with {@code failure} as the message and the verdict's
     * expected and actual values, which IDEs show side by side.
     */
    static void check(Verdict verdict, Supplier<String> failure) {
        switch (verdict.outcome()) {
            case PASS, PASS_LENIENT -> {
            }
            case SKIP, INCONCLUSIVE -> throw new TestAbortedException(verdict.outcome().label() + ": " + verdict.reason());
            case FAIL -> throw new AssertionFailedError(failure.get(), verdict.expected(), verdict.actual());
        }
    }
}
