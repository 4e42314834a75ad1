package io.h2scope.engine.http;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import java.util.List;

/**
 * A validated request header section (RFC 9113 §8.3.1): control data plus regular fields.
 *
 * @param method        {@code :method}
 * @param scheme        {@code :scheme}; null for CONNECT (RFC 9113 §8.5)
 * @param authority     {@code :authority}, or null when absent
 * @param path          {@code :path}; null for CONNECT
 * @param protocol      {@code :protocol} of an extended CONNECT (RFC 8441 §4), or null
 * @param fields        the regular fields in wire order, cookie crumbs kept apart (see {@link #cookie()})
 * @param contentLength the content-length value, or -1 when absent
 */
public record RequestHead(String method, String scheme, String authority, String path, String protocol,
        List<HeaderField> fields, long contentLength) {

    public RequestHead {
        fields = HeaderList.copyOf(fields); // shares the decoded block's array
    }

    /** The first value of a regular field (name compared ignoring case), or null. */
    public String header(String name) {
        return FieldLookup.first(fields, name);
    }

    /** Every value of a regular field, in order; empty when absent. */
    public List<String> headers(String name) {
        return FieldLookup.all(fields, name);
    }

    /** The cookie crumbs joined with "; " as RFC 9113 §8.2.3 demands for a non-HTTP/2 context, or null. */
    public String cookie() {
        return FieldLookup.joined(fields, "cookie", "; ");
    }

    /** A CONNECT request, classic (§8.5) or extended (RFC 8441). */
    public boolean isConnect() {
        return "CONNECT".equals(method);
    }

    /** An RFC 8441 extended CONNECT: CONNECT with {@code :protocol}. */
    public boolean isExtendedConnect() {
        return protocol != null;
    }

    /** A HEAD request: its response has no content (RFC 9113 §8.1.1). */
    public boolean isHead() {
        return "HEAD".equals(method);
    }
}
