package io.h2scope.engine.http;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import java.util.List;

/**
 * A validated response header section (RFC 9113 §8.3.2), interim or final.
 *
 * @param status        {@code :status}, 100..599
 * @param fields        the regular fields in wire order
 * @param contentLength the content-length value, or -1 when absent
 */
public record ResponseHead(int status, List<HeaderField> fields, long contentLength) {

    public ResponseHead {
        fields = HeaderList.copyOf(fields); // shares the decoded block's array
    }

    /** An interim (1xx) response; more HEADERS follow (RFC 9113 §8.1). */
    public boolean informational() {
        return status >= 100 && status < 200;
    }

    /** The first value of a field (name compared ignoring case), or null. */
    public String header(String name) {
        return FieldLookup.first(fields, name);
    }

    /** Every value of a field, in order; empty when absent. */
    public List<String> headers(String name) {
        return FieldLookup.all(fields, name);
    }
}
