package io.h2scope.engine.hpack;

import java.util.Objects;

/**
 * One header field: name and value as octet strings (one ISO-8859-1 char per octet).
 *
 * @param name       the field name (HTTP/2 requires lower case; that is checked above HPACK)
 * @param value      the field value
 * @param neverIndex true to have the encoder send it as a never-indexed literal (RFC 7541 §6.2.3),
 *                   whatever its indexing policy; the decoder sets it for fields received that way,
 *                   so an intermediary that forwards the field keeps that representation
 */
public record HeaderField(String name, String value, boolean neverIndex) {

    /** RFC 7541 §4.1: "The size of an entry is the sum of its name's length in octets ..., its value's
     *  length in octets, and 32." */
    public static final int ENTRY_OVERHEAD = 32;

    public HeaderField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    public HeaderField(String name, String value) {
        this(name, value, false);
    }

    /** A field the encoder must never index (credentials, short cookies, ...). */
    public static HeaderField sensitive(String name, String value) {
        return new HeaderField(name, value, true);
    }

    /** RFC 7541 §4.1 entry size, also the RFC 9113 §6.5.2 header list size contribution. */
    public int size() {
        return sizeOf(name, value);
    }

    static int sizeOf(String name, String value) {
        return name.length() + value.length() + ENTRY_OVERHEAD;
    }

    /** Same name and value, ignoring {@link #neverIndex()}. */
    public boolean sameAs(HeaderField other) {
        return name.equals(other.name) && value.equals(other.value);
    }

    @Override
    public String toString() {
        return neverIndex ? name + ": " + value + " (never indexed)" : name + ": " + value;
    }
}
