package io.h2scope.cli.proxy;

import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.server.SettingText;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults of {@code proxy}'s limit flags, read from {@link ProxyLimits#DEFAULTS} so that they are written in
 * one place; the help's {@code ${DEFAULT-VALUE}} shows them as a user would type them.
 */
public final class ProxyLimitDefaults implements IDefaultValueProvider {

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) {
            return null;
        }
        ProxyLimits d = ProxyLimits.DEFAULTS;
        return switch (option.longestName()) {
            case "--connect-timeout" -> SettingText.show(d.connectTimeout());
            case "--handshake-timeout" -> SettingText.show(d.handshakeTimeout());
            case "--max-connections" -> Integer.toString(d.maxConnections());
            case "--relay-buffer" -> Integer.toString(d.relayBufferBytes());
            case "--observer-backlog" -> Integer.toString(d.observerBacklogBytes());
            case "--max-connect-head" -> Integer.toString(d.maxConnectHeadBytes());
            case "--loops" -> Integer.toString(d.loopThreads());
            default -> null; // the option's own defaultValue, if any
        };
    }
}
