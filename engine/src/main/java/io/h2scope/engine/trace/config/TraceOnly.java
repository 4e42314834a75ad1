package io.h2scope.engine.trace.config;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which connections are traced ({@code H2SCOPE_TRACE_ONLY}, {@code trace level --only}): entries
 * {@code peer=ADDRESS[/BITS]}, {@code authority=HOST[:PORT]}, {@code path=/PREFIX} and {@code conn=ID}, separated by
 * commas. A connection matches when, for every kind named, one of its entries matches: entries of one kind are ORed,
 * kinds are ANDed ({@code peer=10.1.2.3,peer=10.1.2.4,path=/api/}: either peer, and a path under /api/).
 * <ul>
 *   <li>{@code peer}: the peer's IP address, or a CIDR block it is in; known when the connection is accepted.</li>
 *   <li>{@code authority}: the first request's {@code :authority} (or {@code Host} of an h2c upgrade); without a port
 *       it matches the host with any port; case-insensitive.</li>
 *   <li>{@code path}: the first request's {@code :path} begins with it (the query counts as part of the path).</li>
 *   <li>{@code conn}: the connection's id, as the trace numbers it.</li>
 * </ul>
 * A kind that is named stays a condition even when every entry of it was bad (it then matches nothing): a typo
 * narrows what is traced, never widens it.
 */
public final class TraceOnly {

    /** What each kind accepts, for messages. */
    public static final String FORMS = "peer=ADDRESS or peer=ADDRESS/BITS, authority=HOST or authority=HOST:PORT, "
            + "path=/PREFIX, conn=ID, separated by commas (one kind's entries: any of them; the kinds: all of them)";

    private final List<AddressBlock> peers;
    private final List<String> authorities;
    private final List<String> paths;
    private final List<Long> connections;
    private final boolean anyPeer;
    private final boolean anyAuthority;
    private final boolean anyPath;
    private final boolean anyConnection;
    private final String text;

    private TraceOnly(List<AddressBlock> peers, List<String> authorities, List<String> paths, List<Long> connections,
            boolean[] named) {
        this.peers = List.copyOf(peers);
        this.authorities = List.copyOf(authorities);
        this.paths = List.copyOf(paths);
        this.connections = List.copyOf(connections);
        this.anyPeer = !named[0];
        this.anyAuthority = !named[1];
        this.anyPath = !named[2];
        this.anyConnection = !named[3];
        this.text = describe();
    }

    /** One bad entry and what is wrong with it. */
    private interface Problems {
        void bad(String entry, String what);
    }

    /**
     * Parses {@code value} strictly (a live change): every entry must be good.
     *
     * @throws IllegalArgumentException with one line: what is wrong in which entry, and what is accepted
     */
    public static TraceOnly parse(String value) {
        return parse(value, (entry, what) -> {
            throw new IllegalArgumentException(what + " in \"" + entry + "\"; accepted: " + FORMS);
        });
    }

    /**
     * Parses {@code variable}'s {@code value}, a bad entry reported in {@code problems} and left out; its kind still
     * counts as named, so it matches fewer connections, never more.
     */
    public static TraceOnly parse(String variable, String value, List<String> problems) {
        return parse(value, (entry, what) -> problems.add("ignoring entry \"" + entry + "\" of " + variable + "=\""
                + value + "\": " + what + " (its kind still applies: fewer connections match); accepted: " + FORMS));
    }

    private static TraceOnly parse(String value, Problems problems) {
        List<AddressBlock> peers = new ArrayList<>();
        List<String> authorities = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        List<Long> connections = new ArrayList<>();
        boolean[] named = new boolean[4];
        for (String raw : value.split(",")) {
            String entry = raw.trim();
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String kind = eq < 0 ? entry : entry.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String v = eq < 0 ? "" : entry.substring(eq + 1).trim();
            try {
                switch (kind) {
                    case "peer" -> {
                        named[0] = true;
                        peers.add(AddressBlock.parse(v));
                    }
                    case "authority" -> {
                        named[1] = true;
                        if (v.isEmpty() || v.contains("/") || v.contains(" ")) {
                            throw new IllegalArgumentException("\"" + v + "\" is not a host or host:port");
                        }
                        authorities.add(v.toLowerCase(Locale.ROOT));
                    }
                    case "path" -> {
                        named[2] = true;
                        if (!v.startsWith("/")) {
                            throw new IllegalArgumentException("a path prefix begins with /");
                        }
                        paths.add(v);
                    }
                    case "conn" -> {
                        named[3] = true;
                        if (v.isEmpty() || v.length() > 18 || !v.chars().allMatch(Character::isDigit)) {
                            throw new IllegalArgumentException("\"" + v + "\" is not a connection id");
                        }
                        connections.add(Long.parseLong(v));
                    }
                    default -> throw new IllegalArgumentException(eq < 0 ? "not kind=value"
                            : "unknown kind \"" + kind + "\"");
                }
            } catch (IllegalArgumentException e) {
                problems.bad(entry, e.getMessage());
            }
        }
        return new TraceOnly(peers, authorities, paths, connections, named);
    }

    /** Whether the filter lets every connection through (nothing named). */
    public boolean all() {
        return anyPeer && anyAuthority && anyPath && anyConnection;
    }

    /** Whether the filter asks about the first request ({@code authority} or {@code path} named). */
    public boolean needsRequest() {
        return !anyAuthority || !anyPath;
    }

    /** Whether the filter asks about the peer. */
    public boolean needsPeer() {
        return !anyPeer;
    }

    /** Whether connection {@code id} may match ({@code conn} entries). */
    public boolean matchesConnection(long id) {
        return anyConnection || connections.contains(id);
    }

    /** Whether a peer at {@code address} may match ({@code peer} entries). */
    public boolean matchesPeer(InetAddress address) {
        if (anyPeer) {
            return true;
        }
        for (AddressBlock block : peers) {
            if (block.contains(address)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a first request for {@code authority} (may be null) and {@code path} (may be null) may match. */
    public boolean matchesRequest(String authority, String path) {
        return matchesAuthority(authority) && matchesPath(path);
    }

    private boolean matchesAuthority(String authority) {
        if (anyAuthority) {
            return true;
        }
        if (authority == null) {
            return false;
        }
        String asked = authority.toLowerCase(Locale.ROOT);
        String host = hostOf(asked);
        for (String entry : authorities) {
            if (entry.equals(asked) || entry.equals(host)) {
                return true;
            }
        }
        return false;
    }

    private boolean matchesPath(String path) {
        if (anyPath) {
            return true;
        }
        if (path == null) {
            return false;
        }
        for (String prefix : paths) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** {@code host:port} without its port ({@code [::1]:8443} keeps its brackets). */
    private static String hostOf(String authority) {
        int colon = authority.lastIndexOf(':');
        if (colon < 0 || authority.endsWith("]") || authority.indexOf(':') != colon && !authority.startsWith("[")) {
            return authority; // no port, or an IPv6 address without brackets
        }
        return authority.substring(0, colon);
    }

    /** The filter as it could be given again ({@code all} when nothing is named). */
    @Override
    public String toString() {
        return text;
    }

    private String describe() {
        List<String> entries = new ArrayList<>();
        if (!anyPeer) {
            entries.add(peers.isEmpty() ? "peer=(none valid)" : join("peer", peers));
        }
        if (!anyAuthority) {
            entries.add(authorities.isEmpty() ? "authority=(none valid)" : join("authority", authorities));
        }
        if (!anyPath) {
            entries.add(paths.isEmpty() ? "path=(none valid)" : join("path", paths));
        }
        if (!anyConnection) {
            entries.add(connections.isEmpty() ? "conn=(none valid)" : join("conn", connections));
        }
        return entries.isEmpty() ? "all" : String.join(",", entries);
    }

    private static String join(String kind, List<?> values) {
        StringBuilder text = new StringBuilder();
        for (Object v : values) {
            text.append(text.length() == 0 ? "" : ",").append(kind).append('=').append(v);
        }
        return text.toString();
    }

    /** The filter of {@code value}, or empty for "all connections" ({@code all}, or blank). */
    public static Optional<TraceOnly> parseOrAll(String value) {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty() || v.equalsIgnoreCase("all")) {
            return Optional.empty();
        }
        return Optional.of(parse(v));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TraceOnly t && t.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
