package io.h2scope.conformance.intermediary;

import java.util.stream.Stream;

/**
 * The intermediaries a real-peer test runs: {@code -Dh2scope.proxies=all} (every docker-targets folder with a
 * proxy.properties) or a comma-separated list of folder names, else the test's own default.
 */
final class ChosenIntermediaries {

    static final String PROPERTY = "h2scope.proxies";

    private ChosenIntermediaries() {
    }

    static Stream<String> or(String byDefault) throws Exception {
        String asked = System.getProperty(PROPERTY, byDefault).trim();
        return asked.equals("all") ? IntermediaryTarget.names().stream()
                : Stream.of(asked.split(",")).map(String::trim).filter(s -> !s.isEmpty());
    }
}
