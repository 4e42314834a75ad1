package io.h2scope.conformance.intermediary;

import java.util.List;

/** A group of intermediary cases for one RFC section, as the server and client suites' sections. */
public interface ProxySection {

    /** E.g. {@code proxy/8.2.2}: every case id in it starts with this. */
    String id();

    String title();

    /** The cases, in the order they run and are reported. */
    List<ProxyCase> cases();
}
