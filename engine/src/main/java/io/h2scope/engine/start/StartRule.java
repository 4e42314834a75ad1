package io.h2scope.engine.start;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.INADEQUATE_SECURITY;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The rules of starting HTTP/2 (RFC 9113 §3, the h2c upgrade of RFC 7540 §3.2) and of the TLS it runs on
 * (RFC 9113 §9.2): broken before or as the first frames are exchanged.
 */
public enum StartRule implements Rule {

    /** RFC 9113 §3.4: the client's bytes are not the connection preface. */
    CLIENT_PREFACE_INVALID(SpecRef.rfc9113("3.4"), CONNECTION, PROTOCOL_ERROR,
            "Clients and servers MUST treat an invalid connection preface as a connection error (Section "
                + "5.4.1) of type PROTOCOL_ERROR."),
    /** RFC 9113 §3.4: the first frame after the preface is not a SETTINGS frame (without ACK). */
    FIRST_FRAME_NOT_SETTINGS(SpecRef.rfc9113("3.4"), CONNECTION, PROTOCOL_ERROR,
            "This sequence MUST be followed by a SETTINGS frame (Section 6.5), which MAY be empty."),
    /** RFC 7540 §3.2.1: an HTTP2-Settings payload whose length is not a multiple of 6. */
    UPGRADE_SETTINGS_LENGTH(SpecRef.rfc7540("3.2.1"), CONNECTION, FRAME_SIZE_ERROR,
            "The content of the HTTP2-Settings header field is the payload of a SETTINGS frame (Section "
                + "6.5), encoded as a base64url string (that is, the URL- and filename-safe Base64 encoding "
                + "described in Section 5 of [RFC4648], with any trailing '=' characters omitted)."),
    /** RFC 7540 §3.2.1: a connection switched to h2c without exactly one valid HTTP2-Settings header field. */
    UPGRADE_SETTINGS_MISSING(SpecRef.rfc7540("3.2.1"), CONNECTION, PROTOCOL_ERROR,
            "A request that upgrades from HTTP/1.1 to HTTP/2 MUST include exactly one HTTP2-Settings header "
                + "field."),
    /** RFC 7540 §3.2: the HTTP/1.1 head of an upgrade (request or response) is malformed or over the head limit. */
    UPGRADE_HEAD_MALFORMED(SpecRef.rfc7540("3.2"), CONNECTION, PROTOCOL_ERROR,
            "The client does so by making an HTTP/1.1 request that includes an Upgrade header field with the "
                + "\"h2c\" token."),
    /** RFC 9113 §9.2: TLS older than 1.2. */
    TLS_VERSION_TOO_OLD(SpecRef.rfc9113("9.2"), CONNECTION, INADEQUATE_SECURITY,
            "Implementations of HTTP/2 MUST use TLS version 1.2 [TLS12] or higher for HTTP/2 over TLS."),
    /** RFC 9113 §9.2.2: a TLS 1.2 cipher suite of the prohibited list (Appendix A). */
    TLS_CIPHER_SUITE_PROHIBITED(SpecRef.rfc9113("9.2.2"), CONNECTION, INADEQUATE_SECURITY,
            "Endpoints MAY choose to generate a connection error (Section 5.4.1) of type INADEQUATE_SECURITY "
                + "if one of the prohibited cipher suites is negotiated.");


    private final RuleFacts facts;

    StartRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
        this.facts = new RuleFacts(spec, scope, code, sentence);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }
}
