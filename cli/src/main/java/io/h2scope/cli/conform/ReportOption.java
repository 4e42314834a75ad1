package io.h2scope.cli.conform;

import io.h2scope.conformance.report.ReportDestinations;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --report KIND=PATH}, the report files a run also writes: shared by {@code conform}, {@code conform-client} and
 * {@code conform-proxy} (a picocli mixin).
 */
public final class ReportOption {

    @Option(names = "--report", paramLabel = "KIND=PATH", split = ",", description = "also write junit=PATH, json=PATH, html=PATH")
    Map<String, Path> reports = new LinkedHashMap<>();

    /** The files asked for, checked before the run: a bad path must not cost a whole run. */
    ReportDestinations destinations() {
        return ReportDestinations.check(reports);
    }
}
