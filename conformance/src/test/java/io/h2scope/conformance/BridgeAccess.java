package io.h2scope.conformance;

import io.h2scope.conformance.runner.CaseResult;

/** Test access to the bridge's outcome mapping. */
final class BridgeAccess {

    private BridgeAccess() {
    }

    static void check(CaseResult result) throws Throwable {
        java.lang.reflect.Method check = io.h2scope.conformance.junit.ConformanceTests.class.getDeclaredMethod("check", CaseResult.class);
        check.setAccessible(true);
        try {
            check.invoke(null, result);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
