package io.h2scope.bench;

import io.h2scope.engine.testsupport.PackageGraph;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** docs/ARCHITECTURE.md, "The import scan": the benchmarks' main packages form no cycle. */
class NoPackageCycleTest {

    @Test
    void theMainPackagesFormNoCycle() throws IOException {
        PackageGraph.ofMainSources().assertNoCycle();
    }

    @Test
    void everyMainPackageSaysWhatItIsFor() throws IOException {
        PackageGraph.assertEveryPackageSaysWhatItIsFor(PackageGraph.MAIN_SOURCES);
    }
}
