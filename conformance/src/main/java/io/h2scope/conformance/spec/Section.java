package io.h2scope.conformance.spec;

import java.util.List;

/** A group of cases for one RFC section, h2spec-style: one class per section. */
public interface Section {

    /** E.g. {@code http2/6.7}: every case id in it starts with this. */
    String id();

    /** E.g. {@code PING}. */
    String title();

    /** The cases, in the order they run and are reported. */
    List<CaseDef> cases();
}
