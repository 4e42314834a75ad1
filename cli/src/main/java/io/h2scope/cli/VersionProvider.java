package io.h2scope.cli;

import io.h2scope.conformance.report.H2scopeVersion;
import picocli.CommandLine;

/** {@code --version}: the version every report states too ({@link H2scopeVersion}). */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"h2scope " + H2scopeVersion.get(),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }
}
