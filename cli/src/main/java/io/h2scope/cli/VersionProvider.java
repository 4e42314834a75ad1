package io.h2scope.cli;

import picocli.CommandLine;

/** The version from the jar manifest, or "development" when run from classes. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String v = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"h2scope " + (v == null ? "development" : v),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }
}
