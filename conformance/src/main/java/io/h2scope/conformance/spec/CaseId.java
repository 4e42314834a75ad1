package io.h2scope.conformance.spec;

import java.util.regex.Pattern;

/**
 * A case's stable identity: family, RFC 7540 section, slug, e.g. {@code http2/6.7/ack-with-payload}; a family may
 * name a part of itself in a word, before the section, e.g. {@code client/hpack/6.1/index-zero} (RFC 7541's sections,
 * apart from RFC 9113's in {@code client/6.1/...}).
 * Never a position, so adding a case renumbers nothing and exclusion lists keep working.
 */
public record CaseId(String value) implements Comparable<CaseId> {

    private static final Pattern FORM = Pattern.compile("[a-z0-9]+(/[a-z][a-z0-9]*)?(/[0-9]+(\\.[0-9]+)*)?/[a-z0-9]+(-[a-z0-9]+)*");

    public CaseId {
        if (value == null || !FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("case id must look like family/section/slug-words, got " + value);
        }
    }

    public static CaseId of(String value) {
        return new CaseId(value);
    }

    /** The id minus its slug: {@code http2/6.7}. */
    public String sectionPart() {
        return value.substring(0, value.lastIndexOf('/'));
    }

    public String slug() {
        return value.substring(value.lastIndexOf('/') + 1);
    }

    /** h2spec-style selection: {@code http2/6.5} matches {@code http2/6.5/...} and {@code http2/6.5.2/...}. */
    public boolean hasPrefix(String prefix) {
        return value.startsWith(prefix);
    }

    @Override
    public int compareTo(CaseId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
