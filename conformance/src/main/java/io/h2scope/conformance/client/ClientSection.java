package io.h2scope.conformance.client;

import java.util.List;

/** A group of client cases for one RFC section: one class per section, as the server suite's sections. */
public interface ClientSection {

    /** E.g. {@code client/6.9}: every case id in it starts with this. */
    String id();

    /** E.g. {@code WINDOW_UPDATE}. */
    String title();

    /** The cases, in the order they run and are reported. */
    List<ClientCase> cases();
}
