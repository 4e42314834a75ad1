package io.h2scope.engine.error;

import java.util.Objects;

/**
 * Where a rule comes from: an RFC and a section, e.g. {@code RFC 9113 §6.7}.
 * Every typed error and every conformance case carries one, so a reader can check the rule.
 */
public record SpecRef(Rfc rfc, String section) {

    /** The specifications h2scope enforces. */
    public enum Rfc {
        RFC9113("RFC 9113"),
        RFC7540("RFC 7540"),
        RFC7541("RFC 7541");

        private final String title;

        Rfc(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    public SpecRef {
        Objects.requireNonNull(rfc, "rfc");
        Objects.requireNonNull(section, "section");
    }

    /** HTTP/2, current text. */
    public static SpecRef rfc9113(String section) {
        return new SpecRef(Rfc.RFC9113, section);
    }

    /** HTTP/2, original text (obsoleted by RFC 9113, still the section numbering of h2spec). */
    public static SpecRef rfc7540(String section) {
        return new SpecRef(Rfc.RFC7540, section);
    }

    /** HPACK. */
    public static SpecRef rfc7541(String section) {
        return new SpecRef(Rfc.RFC7541, section);
    }

    @Override
    public String toString() {
        return rfc.title() + " \u00a7" + section;
    }
}
