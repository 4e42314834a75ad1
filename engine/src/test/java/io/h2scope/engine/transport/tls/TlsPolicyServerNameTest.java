package io.h2scope.engine.transport.tls;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import javax.net.ssl.SNIHostName;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The client indicates a DNS host name, a single label included, and never an IP literal (RFC 6066 §3). */
class TlsPolicyServerNameTest {

    @Test
    void hostNamesAreIndicatedAndAddressesAreNot() {
        assertEquals(Optional.of(new SNIHostName("localhost")), TlsPolicy.serverName("localhost"));
        assertEquals(Optional.of(new SNIHostName("example.org")), TlsPolicy.serverName("example.org"));
        assertEquals(Optional.empty(), TlsPolicy.serverName("127.0.0.1"));
        assertEquals(Optional.empty(), TlsPolicy.serverName("::1"));
        assertEquals(Optional.empty(), TlsPolicy.serverName("[::1]"));
        assertEquals(Optional.empty(), TlsPolicy.serverName("under_score.example"), "not a DNS name: none sent");
        assertEquals(Optional.empty(), TlsPolicy.serverName(null));
    }
}
