package io.h2scope.engine.core;

import io.h2scope.engine.hpack.HeaderField;

import java.util.List;

/** Reading the pseudo-header fields of a decoded header section (RFC 9113 §8.3). */
final class HeaderSections {

    private HeaderSections() {
    }

    /** A 1xx response (RFC 9113 §8.1): it may be followed by others before the final one. */
    static boolean isInformational(List<HeaderField> headers) {
        String status = valueOf(headers, ":status");
        return status != null && status.length() == 3 && status.charAt(0) == '1';
    }

    /** The value of the first field named {@code name}, or null. */
    static String valueOf(List<HeaderField> headers, String name) {
        for (int i = 0, n = headers.size(); i < n; i++) { // by index: no iterator per request on this hot path
            HeaderField f = headers.get(i);
            if (f.name().equals(name)) {
                return f.value();
            }
        }
        return null;
    }
}
