package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.Level;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a report says about a case before its verdict, whichever suite defined it.
 *
 * @param id           its stable id, e.g. {@code http2/6.7/length-not-8}
 * @param sectionId    the id of its section, e.g. {@code http2/6.7}
 * @param sectionTitle the title of its section, e.g. {@code PING}
 * @param rule         the section of the rule, e.g. {@code RFC 9113 §6.7}
 * @param ruleInFull   as {@code rule}, with the same rule's section in an older RFC where the suite knows it
 * @param references   name to value of the references a machine report lists ({@code rfc9113}, {@code h2spec}...;
 *                     a value may be null: none)
 * @param quote        the RFC's sentence the case checks
 * @param description  what the case does, in a line
 * @param level        MUST or SHOULD
 */
public record CaseFacts(String id, String sectionId, String sectionTitle, String rule, String ruleInFull,
        Map<String, String> references, String quote, String description, Level level) {

    public CaseFacts {
        Objects.requireNonNull(id, "id");
        references = Collections.unmodifiableMap(new LinkedHashMap<>(references));
    }
}
