package io.h2scope.engine.http;

/**
 * Rules on the request pseudo-header values once all are known: RFC 9113 §8.3.1 (which are required,
 * what a valid value is), §8.5 (CONNECT), RFC 8441 §4 (extended CONNECT) and §8.4 (pushed requests).
 * Values are also checked for the characters that would let them break a request line or a URI when
 * an intermediary rebuilds one (§10.3, SEC-20).
 */
final class RequestControlData {

    private RequestControlData() {
    }

    static void check(int streamId, MessagePart part, String method, String scheme, String authority, String path,
            String protocol) {
        if (method == null) {
            // RFC9113 §8.3.1: "All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and \":path\" pseudo-header fields"
            throw Malformed.error(streamId, MessageRule.REQUEST_PSEUDO_HEADER_MISSING, "missing :method in a " + part);
        }
        if (!FieldSyntax.isToken(method)) {
            // RFC9113 §8.3.1: ":method" carries the HTTP method (RFC 9110 §9.1: method = token); §10.3: validate before building a request line
            throw Malformed.error(streamId, MessageRule.METHOD_INVALID, ":method " + Printable.quote(method) + " is not a token");
        }
        boolean connect = method.equals("CONNECT");
        if (protocol != null) {
            checkExtendedConnect(streamId, connect, protocol);
        } else if (connect) {
            checkConnect(streamId, scheme, authority, path);
            return;
        }
        if (scheme == null || path == null) {
            // RFC9113 §8.3.1: "An HTTP request that omits mandatory pseudo-header fields is malformed"
            throw Malformed.error(streamId, MessageRule.REQUEST_PSEUDO_HEADER_MISSING, "missing " + (scheme == null ? ":scheme" : ":path") + " in a "
                    + part + (protocol != null ? " (RFC 8441 §4: extended CONNECT needs :scheme and :path)" : ""));
        }
        if (!FieldSyntax.isScheme(scheme)) {
            // RFC9113 §8.3.1: ":scheme" is "the scheme portion of the request target" (RFC 3986 §3.1 syntax); §10.3
            throw Malformed.error(streamId, MessageRule.SCHEME_INVALID, ":scheme " + Printable.quote(scheme) + " is not a URI scheme");
        }
        boolean http = isHttp(scheme);
        checkPath(streamId, method, path, http);
        if (authority != null) {
            checkAuthority(streamId, false, authority, http);
        }
    }

    static boolean isHttp(String scheme) {
        return scheme != null && (scheme.equalsIgnoreCase("https") || scheme.equalsIgnoreCase("http"));
    }

    /** §8.4: pushed requests add rules on top of {@link #check}. */
    static void checkPushed(int streamId, String method, String authority, long contentLength) {
        if (!method.equals("GET") && !method.equals("HEAD")) {
            // RFC9113 §8.4: "Promised requests MUST be safe ... and cacheable"; §8.4.1: "The server MUST include a method in the \":method\" pseudo-header field that is safe and cacheable" (RFC 9110: GET and HEAD are both)
            throw Malformed.error(streamId, MessageRule.PUSHED_REQUEST_NOT_SAFE, "pushed request with :method " + Printable.quote(method)
                    + ", which is not both safe and cacheable");
        }
        if (authority == null) {
            // RFC9113 §8.4: "The server MUST include a value in the \":authority\" pseudo-header field for which the server is authoritative"
            throw Malformed.error(streamId, MessageRule.PUSHED_REQUEST_WITHOUT_AUTHORITY, "pushed request without :authority");
        }
        if (contentLength > 0) {
            // RFC9113 §8.4: clients that receive a promised request "that indicates the presence of request content MUST reset the promised stream"
            throw Malformed.error(streamId, MessageRule.PUSHED_REQUEST_WITH_CONTENT, "pushed request declares content-length " + contentLength);
        }
    }

    private static void checkConnect(int streamId, String scheme, String authority, String path) {
        if (scheme != null || path != null) {
            // RFC9113 §8.5: "The \":scheme\" and \":path\" pseudo-header fields MUST be omitted"
            throw Malformed.error(streamId, MessageRule.CONNECT_WITH_SCHEME_OR_PATH, "CONNECT with " + (scheme != null ? ":scheme" : ":path")
                    + " (only extended CONNECT with :protocol may carry them)");
        }
        if (authority == null) {
            // RFC9113 §8.5: "The \":authority\" pseudo-header field contains the host and port to connect to"; "A CONNECT request that does not conform to these restrictions is malformed"
            throw Malformed.error(streamId, MessageRule.CONNECT_WITHOUT_AUTHORITY, "CONNECT without :authority");
        }
        checkAuthority(streamId, true, authority, true);
        int colon = authority.lastIndexOf(':');
        if (colon < 0 || colon == authority.length() - 1 || authority.indexOf(']', colon) >= 0) {
            // RFC9113 §8.5: authority-form, "host and port" (RFC 9110 §9.3.6: "There is no default port")
            throw Malformed.error(streamId, MessageRule.CONNECT_AUTHORITY_INVALID, "CONNECT :authority " + Printable.quote(authority)
                    + " has no port");
        }
    }

    private static void checkExtendedConnect(int streamId, boolean connect, String protocol) {
        if (!connect) {
            // RFC 8441 §4: ":protocol ... indicating the desired protocol to be spoken on the tunnel created by CONNECT"
            throw Malformed.error(streamId, MessageRule.PROTOCOL_WITHOUT_CONNECT, ":protocol on a request that is not CONNECT (RFC 8441 §4)");
        }
        if (!FieldSyntax.isToken(protocol)) {
            // RFC 8441 §4 / RFC9113 §8.3: an invalid pseudo-header value is malformed (:protocol is an upgrade token)
            throw Malformed.error(streamId, MessageRule.PROTOCOL_INVALID, ":protocol " + Printable.quote(protocol) + " is not a token (RFC 8441 §4)");
        }
    }

    private static void checkPath(int streamId, String method, String path, boolean http) {
        if (http) {
            if (path.isEmpty()) {
                // RFC9113 §8.3.1: ":path" "MUST NOT be empty for \"http\" or \"https\" URIs"
                throw Malformed.error(streamId, MessageRule.PATH_EMPTY, "empty :path for an http(s) URI");
            }
            char first = path.charAt(0);
            boolean asterisk = path.equals("*");
            if (asterisk && !method.equals("OPTIONS") || !asterisk && first != '/') {
                // RFC9113 §8.3.1: ":path" is the absolute-path (starts with '/'), or '*' for "an OPTIONS request ... that does not include a path component"
                throw Malformed.error(streamId, MessageRule.PATH_FORM_INVALID, ":path " + Printable.quote(path) + (asterisk
                        ? " is only allowed for OPTIONS, not " + Printable.quote(method) : " does not start with '/'"));
            }
        }
        int bad = FieldSyntax.badPathChar(path);
        if (bad >= 0) {
            // RFC9113 §10.3: ":path is combined with :method to construct a request line ... Simple concatenation is not secure unless the input values are fully validated"
            throw Malformed.error(streamId, MessageRule.PATH_INVALID_CHARACTER, "character '" + Printable.escape(path.charAt(bad)) + "' at " + bad
                    + " in :path " + Printable.quote(path));
        }
    }

    /** {@code connect}: the authority of a CONNECT request (§8.5), where every flaw is one rule. */
    private static void checkAuthority(int streamId, boolean connect, String authority, boolean http) {
        if (http && authority.isEmpty()) {
            // RFC9113 §8.3.1: the authority of an http(s) target URI; RFC 9110 §4.2.1: "A sender MUST NOT generate an \"http\" URI with an empty host identifier"
            throw Malformed.error(streamId, connect ? MessageRule.CONNECT_AUTHORITY_INVALID : MessageRule.AUTHORITY_EMPTY,
                    "empty :authority");
        }
        int bad = FieldSyntax.badAuthorityChar(authority);
        if (bad >= 0) {
            // RFC9113 §10.3: ":scheme, :authority and :path are combined to form a single URI string": only RFC 3986 §3.2 authority characters
            throw Malformed.error(streamId, connect ? MessageRule.CONNECT_AUTHORITY_INVALID
                    : MessageRule.AUTHORITY_INVALID_CHARACTER, "character '" + Printable.escape(authority.charAt(bad)) + "' at "
                    + bad + " in :authority " + Printable.quote(authority));
        }
        if (http && authority.indexOf('@') >= 0) {
            // RFC9113 §8.3.1: "\":authority\" MUST NOT include the deprecated userinfo subcomponent for \"http\" or \"https\" schemed URIs"
            throw Malformed.error(streamId, connect ? MessageRule.CONNECT_AUTHORITY_INVALID
                    : MessageRule.AUTHORITY_WITH_USERINFO, ":authority " + Printable.quote(authority) + " includes userinfo");
        }
    }
}
