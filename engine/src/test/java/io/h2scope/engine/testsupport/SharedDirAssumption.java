package io.h2scope.engine.testsupport;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test that reads {@code shared/} does when a clone has none: it is skipped, saying what is missing and
 * how to get it, unless {@code -Dh2scope.shared.required=true} (CI, which has {@code shared/}) makes the
 * missing folder a failure, so those tests can never be skipped there unnoticed.
 */
public final class SharedDirAssumption {

    public static final String REQUIRED_PROPERTY = "h2scope.shared.required";

    /** Said once per folder on the console: Surefire counts skips but does not print their reasons. */
    private static final Set<String> TOLD = ConcurrentHashMap.newKeySet();

    private SharedDirAssumption() {
    }

    /** {@code shared/<child>} for a test; skips the test (or fails it, when required) if it is missing. */
    public static Path resolve(String child) {
        Optional<Path> found = SharedDir.find(child);
        if (found.isPresent()) {
            return found.get();
        }
        String why = SharedDir.missing(child);
        if (Boolean.getBoolean(REQUIRED_PROPERTY)) {
            throw new IllegalStateException(why + " (-D" + REQUIRED_PROPERTY + "=true: the tests that read it must run)");
        }
        if (TOLD.add(child)) {
            System.out.println("h2scope: skipping the tests that read shared/" + child + ": " + why);
        }
        return Assumptions.abort(why);
    }
}
