package io.h2scope.engine.transport.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ForbiddenCipherSuitesTest {

    @Test
    void holdsTheWholeAppendixA_rfc9113_appendixA() {
        assertEquals(276, ForbiddenCipherSuites.all().size());
    }

    @ParameterizedTest(name = "RFC 9113 §9.2.2 prohibits {0}")
    @ValueSource(strings = {
        "TLS_NULL_WITH_NULL_NULL",
        "TLS_RSA_WITH_AES_128_GCM_SHA256",       // no ephemeral key exchange
        "TLS_RSA_WITH_AES_128_CBC_SHA",          // the suite TLS 1.2 makes mandatory
        "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256", // ephemeral, but a block cipher
        "TLS_ECDHE_ECDSA_WITH_RC4_128_SHA",      // stream cipher
        "TLS_DHE_RSA_WITH_AES_256_CBC_SHA",
        "TLS_PSK_WITH_AES_256_CCM_8",            // the last entry of the list
        "SSL_RSA_WITH_3DES_EDE_CBC_SHA"          // the JDK's spelling of TLS_RSA_WITH_3DES_EDE_CBC_SHA
    })
    void blocksProhibitedSuites_rfc9113_9_2_2(String suite) {
        assertTrue(ForbiddenCipherSuites.isForbidden(suite));
    }

    @ParameterizedTest(name = "RFC 9113 §9.2.2 allows {0}")
    @ValueSource(strings = {
        "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",   // the suite HTTP/2 over TLS 1.2 MUST support
        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
        "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256",
        "TLS_AES_128_GCM_SHA256"                   // TLS 1.3: outside the list's scope
    })
    void allowsAeadEphemeralSuites_rfc9113_9_2_2(String suite) {
        assertFalse(ForbiddenCipherSuites.isForbidden(suite));
    }
}
