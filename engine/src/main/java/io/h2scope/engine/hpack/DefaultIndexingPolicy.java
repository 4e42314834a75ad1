package io.h2scope.engine.hpack;

import java.util.Objects;
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
 * <p>A class rather than a record so that it can keep its name sets in the form it looks them up in
 * ({@link NameSet}): the policy is asked for every literal field encoded.
 */
public final class DefaultIndexingPolicy implements IndexingPolicy {

    static final DefaultIndexingPolicy DEFAULT = new DefaultIndexingPolicy(20, 64,
            Set.of("authorization", "proxy-authorization", "set-cookie"),
            Set.of("content-length", "etag", "if-none-match", "age"));

    private final int shortCookieLength;
    private final int maxIndexedQueryPath;
    private final Set<String> neverIndexNames;
    private final Set<String> noIndexNames;
    private final NameSet neverIndex;
    private final NameSet noIndex;

    /**
     * @param shortCookieLength   cookies shorter than this are never indexed
     * @param maxIndexedQueryPath longest {@code :path} with a {@code ?} that is still indexed
     * @param neverIndexNames     names always sent never-indexed (lower case)
     * @param noIndexNames        names sent without indexing (lower case)
     */
    public DefaultIndexingPolicy(int shortCookieLength, int maxIndexedQueryPath, Set<String> neverIndexNames,
                                 Set<String> noIndexNames) {
        this.shortCookieLength = shortCookieLength;
        this.maxIndexedQueryPath = maxIndexedQueryPath;
        this.neverIndexNames = Set.copyOf(neverIndexNames);
        this.noIndexNames = Set.copyOf(noIndexNames);
        this.neverIndex = new NameSet(this.neverIndexNames);
        this.noIndex = new NameSet(this.noIndexNames);
    }

    public int shortCookieLength() {
        return shortCookieLength;
    }

    public int maxIndexedQueryPath() {
        return maxIndexedQueryPath;
    }

    public Set<String> neverIndexNames() {
        return neverIndexNames;
    }

    public Set<String> noIndexNames() {
        return noIndexNames;
    }

    @Override
    public Decision decide(String name, String value, int tableMaxSize) {
        // RFC7541 §7.1.3: "An encoder might also choose not to index values for header fields that are
        // considered to be highly valuable or sensitive to recovery, such as the Cookie or Authorization"
        if (neverIndex.contains(name)) {
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
        return noIndex.contains(name) ? Decision.NO_INDEX : Decision.INDEX;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DefaultIndexingPolicy p && p.shortCookieLength == shortCookieLength
                && p.maxIndexedQueryPath == maxIndexedQueryPath && p.neverIndexNames.equals(neverIndexNames)
                && p.noIndexNames.equals(noIndexNames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(shortCookieLength, maxIndexedQueryPath, neverIndexNames, noIndexNames);
    }

    @Override
    public String toString() {
        return "DefaultIndexingPolicy[shortCookieLength=" + shortCookieLength + ", maxIndexedQueryPath="
                + maxIndexedQueryPath + ", neverIndexNames=" + neverIndexNames + ", noIndexNames=" + noIndexNames + "]";
    }
}
