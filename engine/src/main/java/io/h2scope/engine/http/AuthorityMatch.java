package io.h2scope.engine.http;

/**
 * Compares {@code :authority} with {@code host} after RFC 3986 §6.2.3 scheme-based normalization,
 * which RFC 9113 §8.3.1 demands of any server that is not the origin ("other servers MUST perform
 * scheme-based normalization"): the host compares ignoring case; an empty port, or the scheme's
 * default port (80 for http, 443 for https), equals no port. Nothing is allocated.
 */
final class AuthorityMatch {

    private static final int NO_PORT = -1;
    private static final int BAD_PORT = -2;

    private AuthorityMatch() {
    }

    static boolean sameEntity(String scheme, String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        int aHostEnd = hostEnd(a);
        int bHostEnd = hostEnd(b);
        if (aHostEnd != bHostEnd || !a.regionMatches(true, 0, b, 0, aHostEnd)) {
            return false;
        }
        int defaultPort = defaultPort(scheme);
        int aPort = port(a, aHostEnd, defaultPort);
        int bPort = port(b, bHostEnd, defaultPort);
        return aPort != BAD_PORT && aPort == bPort;
    }

    /** End of the host part: after an IP-literal's ']' or at the last ':'. */
    private static int hostEnd(String authority) {
        int searchFrom = 0;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                return authority.length();
            }
            searchFrom = close;
        }
        int colon = authority.indexOf(':', searchFrom);
        return colon < 0 ? authority.length() : colon;
    }

    /** The port after {@code hostEnd} (which is at ':' or the end), defaults folded to NO_PORT. */
    private static int port(String authority, int hostEnd, int defaultPort) {
        int n = authority.length();
        if (hostEnd >= n - 1) {
            return NO_PORT;
        }
        if (n - hostEnd - 1 > 5) {
            return BAD_PORT;
        }
        int port = 0;
        for (int i = hostEnd + 1; i < n; i++) {
            char c = authority.charAt(i);
            if (c < '0' || c > '9') {
                return BAD_PORT;
            }
            port = port * 10 + (c - '0');
        }
        return port == defaultPort ? NO_PORT : port;
    }

    private static int defaultPort(String scheme) {
        if (scheme == null) {
            return NO_PORT;
        }
        if (scheme.equalsIgnoreCase("https")) {
            return 443;
        }
        return scheme.equalsIgnoreCase("http") ? 80 : NO_PORT;
    }
}
