package io.h2scope.engine.core;

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
    CLIENT_PREFACE_INVALID(SpecRef.rfc9113("3.4"), CONNECTION, PROTOCOL_ERROR),
    /** RFC 9113 §3.4: the first frame after the preface is not a SETTINGS frame (without ACK). */
    FIRST_FRAME_NOT_SETTINGS(SpecRef.rfc9113("3.4"), CONNECTION, PROTOCOL_ERROR),
    /** RFC 7540 §3.2.1: an HTTP2-Settings payload whose length is not a multiple of 6. */
    UPGRADE_SETTINGS_LENGTH(SpecRef.rfc7540("3.2.1"), CONNECTION, FRAME_SIZE_ERROR),
    /** RFC 7540 §3.2.1: a connection switched to h2c without exactly one valid HTTP2-Settings header field. */
    UPGRADE_SETTINGS_MISSING(SpecRef.rfc7540("3.2.1"), CONNECTION, PROTOCOL_ERROR),
    /** RFC 7540 §3.2: the HTTP/1.1 head of an upgrade (request or response) is malformed or over the head limit. */
    UPGRADE_HEAD_MALFORMED(SpecRef.rfc7540("3.2"), CONNECTION, PROTOCOL_ERROR),
    /** RFC 9113 §9.2: TLS older than 1.2. */
    TLS_VERSION_TOO_OLD(SpecRef.rfc9113("9.2"), CONNECTION, INADEQUATE_SECURITY),
    /** RFC 9113 §9.2.2: a TLS 1.2 cipher suite of the prohibited list (Appendix A). */
    TLS_CIPHER_SUITE_PROHIBITED(SpecRef.rfc9113("9.2.2"), CONNECTION, INADEQUATE_SECURITY);


    private final RuleFacts facts;

    StartRule(SpecRef spec, ErrorScope scope, ErrorCode code) {
        this.facts = new RuleFacts(spec, scope, code);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }
}
