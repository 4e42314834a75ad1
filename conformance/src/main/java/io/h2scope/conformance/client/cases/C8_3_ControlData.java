package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.ResponseScripts.field;
import static io.h2scope.conformance.client.cases.ResponseScripts.malformed;
import static io.h2scope.conformance.client.cases.ResponseScripts.ok;
import static io.h2scope.conformance.client.cases.ResponseScripts.respondHead;
import static io.h2scope.conformance.client.cases.ResponseScripts.status;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.cases.ResponseScripts.FieldRule;
import io.h2scope.engine.hpack.HeaderField;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** RFC 9113 §8.3: pseudo-header fields, in a response the client must check and in its own requests. */
public final class C8_3_ControlData implements ClientSection {

    private static final String STATUS_REQUIRED = "This pseudo-header field MUST be included in all responses, "
            + "including interim responses; otherwise, the response is malformed (Section 8.1.1).";
    private static final String UNDEFINED_OR_INVALID = "Endpoints MUST treat a request or response that contains "
            + "undefined or invalid pseudo-header fields as malformed (Section 8.1.1).";
    private static final Set<String> REQUEST_PSEUDO = Set.of(":method", ":scheme", ":path", ":authority");

    @Override
    public String id() {
        return "client/8.3";
    }

    @Override
    public String title() {
        return "HTTP Control Data";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(missingStatus(), interimWithoutStatus(), statusTwoDigits(), statusNotNumeric(),
                duplicateStatus(), requestPseudoInResponse(":path", "/"), requestPseudoInResponse(":method", "GET"),
                unknownPseudoHeader(), pseudoAfterRegular(), requestPseudoHeadersFirst(), requestPseudoHeadersOnce(),
                requestAuthorityPresent(), requestHostMatchesAuthority(), requestPathNotEmpty(),
                requestNoUndefinedPseudo());
    }

    static ClientCase missingStatus() {
        return ClientCase.define("client/8.3.2/missing-status").rfc("RFC 9113 §8.3.2").quote(STATUS_REQUIRED)
                .does("answers with content-length: 5 and no :status, and 5 octets")
                .run(malformed((peer, s) -> respondHead(peer, s, List.of(field("content-length", "5")))));
    }

    static ClientCase interimWithoutStatus() {
        return ClientCase.define("client/8.3.2/interim-without-status").rfc("RFC 9113 §8.3.2").quote(STATUS_REQUIRED)
                .does("sends a HEADERS without :status and without END_STREAM (an interim response missing it), then "
                        + "a 200 with 5 octets")
                .run(malformed((peer, s) -> {
                    peer.headers(s, List.of(field("link", "</a.css>; rel=preload")), false);
                    ServerPart.respond(peer, s);
                }));
    }

    static ClientCase statusTwoDigits() {
        return ClientCase.define("client/8.3/status-two-digits").rfc("RFC 9113 §8.3").quote(UNDEFINED_OR_INVALID)
                .does("answers with :status 20, and 5 octets")
                .run(malformed((peer, s) -> respondHead(peer, s, status("20"))));
    }

    static ClientCase statusNotNumeric() {
        return ClientCase.define("client/8.3/status-not-numeric").rfc("RFC 9113 §8.3").quote(UNDEFINED_OR_INVALID)
                .does("answers with :status 2x0, and 5 octets")
                .run(malformed((peer, s) -> respondHead(peer, s, status("2x0"))));
    }

    static ClientCase duplicateStatus() {
        return ClientCase.define("client/8.3/duplicate-status").rfc("RFC 9113 §8.3")
                .quote("A field block for an HTTP request or response that contains a repeated pseudo-header field "
                        + "name MUST be treated as malformed (Section 8.1.1).")
                .does("answers with :status 200 twice, and 5 octets")
                .run(malformed((peer, s) -> respondHead(peer, s, ok(field(":status", "200")))));
    }

    private static ClientCase requestPseudoInResponse(String name, String value) {
        return ClientCase.define("client/8.3/" + name.substring(1) + "-in-response").rfc("RFC 9113 §8.3")
                .quote("Pseudo-header fields defined for requests MUST NOT appear in responses; pseudo-header fields "
                        + "defined for responses MUST NOT appear in requests.")
                .does("answers 200 with " + name + " " + value + " among the pseudo-header fields, and 5 octets")
                .run(malformed((peer, s) -> respondHead(peer, s, ok(field(name, value)))));
    }

    static ClientCase unknownPseudoHeader() {
        return ClientCase.define("client/8.3/unknown-pseudo-header").rfc("RFC 9113 §8.3").quote(UNDEFINED_OR_INVALID)
                .does("answers 200 with a pseudo-header field :foo, and 5 octets")
                .run(malformed((peer, s) -> respondHead(peer, s, ok(field(":foo", "bar")))));
    }

    static ClientCase pseudoAfterRegular() {
        return ClientCase.define("client/8.3/pseudo-header-after-regular").rfc("RFC 9113 §8.3")
                .quote("Any request or response that contains a pseudo-header field that appears in a field block "
                        + "after a regular field line MUST be treated as malformed (Section 8.1.1).")
                .does("answers with content-type first and :status 200 after it, and 5 octets")
                .run(malformed((peer, s) -> respondHead(peer, s, List.of(field("content-type", "text/plain"),
                        field(":status", "200")))));
    }

    static ClientCase requestPseudoHeadersFirst() {
        return ClientCase.define("client/8.3/request-pseudo-headers-first").rfc("RFC 9113 §8.3")
                .quote("All pseudo-header fields MUST appear in a field block before all regular field lines.")
                .does("reads the client's request fields")
                .run(ResponseScripts.request("every pseudo-header field before the first regular field", fields -> {
                    boolean regular = false;
                    for (HeaderField f : fields) {
                        if (!f.name().startsWith(":") && !regular) {
                            regular = true;
                        } else if (f.name().startsWith(":") && regular) {
                            return f.name() + " after a regular field";
                        }
                    }
                    return null;
                }));
    }

    static ClientCase requestPseudoHeadersOnce() {
        return ClientCase.define("client/8.3.1/request-pseudo-headers-once").rfc("RFC 9113 §8.3.1")
                .quote("All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and "
                        + "\":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5).")
                .does("reads the client's request fields")
                .run(ResponseScripts.request("exactly one :method, :scheme and :path", fields -> {
                    Map<String, Integer> counts = counts(fields);
                    for (String name : List.of(":method", ":scheme", ":path")) {
                        if (counts.getOrDefault(name, 0) != 1) {
                            return counts.getOrDefault(name, 0) + " " + name + " fields";
                        }
                    }
                    return counts.getOrDefault(":authority", 0) > 1 ? "several :authority fields" : null;
                }));
    }

    static ClientCase requestAuthorityPresent() {
        return ClientCase.define("client/8.3.1/request-authority-present").rfc("RFC 9113 §8.3.1")
                .quote("Clients that generate HTTP/2 requests directly MUST use the \":authority\" pseudo-header field "
                        + "to convey authority information, unless there is no authority information to convey (in "
                        + "which case it MUST NOT generate \":authority\").")
                .does("reads the client's request fields (the URL has an authority, 127.0.0.1:PORT)")
                .run(ResponseScripts.request(":authority with the URL's authority", fields -> {
                    for (HeaderField f : fields) {
                        if (f.name().equals(":authority")) {
                            return f.value().startsWith("127.0.0.1") ? null : ":authority " + f.value();
                        }
                    }
                    return "no :authority";
                }));
    }

    static ClientCase requestHostMatchesAuthority() {
        return ClientCase.define("client/8.3.1/request-host-matches-authority").rfc("RFC 9113 §8.3.1")
                .quote("Clients MUST NOT generate a request with a Host header field that differs from the "
                        + "\":authority\" pseudo-header field.")
                .does("reads the client's request fields")
                .run(ResponseScripts.request("no host field, or one equal to :authority", fields -> {
                    String authority = null;
                    for (HeaderField f : fields) {
                        if (f.name().equals(":authority")) {
                            authority = f.value();
                        }
                    }
                    for (HeaderField f : fields) {
                        if (f.name().equalsIgnoreCase("host") && authority != null
                                && !f.value().equalsIgnoreCase(authority)) {
                            return "host " + f.value() + " but :authority " + authority;
                        }
                    }
                    return null;
                }));
    }

    static ClientCase requestPathNotEmpty() {
        return ClientCase.define("client/8.3.1/request-path-not-empty").rfc("RFC 9113 §8.3.1")
                .quote("This pseudo-header field MUST NOT be empty for \"http\" or \"https\" URIs; \"http\" or "
                        + "\"https\" URIs that do not contain a path component MUST include a value of '/'.")
                .does("reads the client's request fields (its URL is http://127.0.0.1:PORT/)")
                .run(ResponseScripts.request(":path /", fields -> {
                    for (HeaderField f : fields) {
                        if (f.name().equals(":path")) {
                            return f.value().equals("/") ? null : ":path \"" + f.value() + "\"";
                        }
                    }
                    return "no :path";
                }));
    }

    static ClientCase requestNoUndefinedPseudo() {
        return ClientCase.define("client/8.3/request-no-undefined-pseudo-headers").rfc("RFC 9113 §8.3")
                .quote("Endpoints MUST NOT generate pseudo-header fields other than those defined in this document.")
                .does("reads the client's request fields")
                .run(ResponseScripts.request("only :method, :scheme, :path and :authority", FieldRule.none(
                        f -> f.name().startsWith(":") && !REQUEST_PSEUDO.contains(f.name()), "pseudo-header field")));
    }

    private static Map<String, Integer> counts(List<HeaderField> fields) {
        Map<String, Integer> counts = new HashMap<>();
        fields.forEach(f -> counts.merge(f.name(), 1, Integer::sum));
        return counts;
    }
}
