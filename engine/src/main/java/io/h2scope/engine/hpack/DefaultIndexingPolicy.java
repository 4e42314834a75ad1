package io.h2scope.engine.hpack;

import java.util.Set;

/**
 * The default indexing policy. It indexes most fields, since repeats are the common case in HTTP/2
 * (same authority, user-agent, accept, cookies on every request), except:
 * <ul>
 * <li>never indexed (RFC 7541 §7.1.3, guessing attacks on compressed secrets): {@code authorization},
 * {@code proxy-authorization}, {@code set-cookie}, and {@code cookie} values shorter than
 * {@code shortCookieLength} (20) octets, which are short enough to brute-force;</li>
 * <li>not indexed, to keep the table for fields that repeat: fields bigger than 3/4 of the table (they would
 * evict nearly everything), a {@code :path} with a query string longer than {@code maxIndexedQueryPath}
 * (64) octets (queries rarely repeat), and per-resource values that rarely repeat: {@code content-length},
 * {@code etag}, {@code if-none-match}, {@code age}.</li>
 * </ul>
 *
 * @param shortCookieLength   cookies shorter than this are never indexed
 * @param maxIndexedQueryPath longest {@code :path} with a {@code ?} that is still indexed
 * @param neverIndexNames     names always sent never-indexed (lower case)
 * @param noIndexNames        names sent without indexing (lower case)
 */
public record DefaultIndexingPolicy(int shortCookieLength, int maxIndexedQueryPath, Set<String> neverIndexNames,
                                    Set<String> noIndexNames) implements IndexingPolicy {

    static final DefaultIndexingPolicy DEFAULT = new DefaultIndexingPolicy(20, 64,
            Set.of("authorization", "proxy-authorization", "set-cookie"),
            Set.of("content-length", "etag", "if-none-match", "age"));

    public DefaultIndexingPolicy {
        neverIndexNames = Set.copyOf(neverIndexNames);
        noIndexNames = Set.copyOf(noIndexNames);
    }

    @Override
    public Decision decide(String name, String value, int tableMaxSize) {
        // RFC7541 §7.1.3: "An encoder might also choose not to index values for header fields that are
        // considered to be highly valuable or sensitive to recovery, such as the Cookie or Authorization"
        if (neverIndexNames.contains(name)) {
            return Decision.NEVER_INDEX;
        }
        if (name.equals("cookie") && value.length() < shortCookieLength) {
            return Decision.NEVER_INDEX;
        }
        if (HeaderField.sizeOf(name, value) > tableMaxSize / 4 * 3) {
            return Decision.NO_INDEX;
        }
        if (name.equals(":path") && value.length() > maxIndexedQueryPath && value.indexOf('?') >= 0) {
            return Decision.NO_INDEX;
        }
        return noIndexNames.contains(name) ? Decision.NO_INDEX : Decision.INDEX;
    }
}
