package io.h2scope.cli;

/**
 * The TLS key-exchange groups this process offers, in the JDK's own set, with secp256r1 first. The JDK offers a key
 * share for its first group only, x25519; a server without it (nghttpd as Debian builds it) answers with a
 * HelloRetryRequest, which costs a round trip and a second key pair on every connection a suite run opens.
 * secp256r1 is the group every TLS 1.3 peer must support (RFC 8446 §9.1: "MUST support key exchange with
 * secp256r1"), x25519 only a SHOULD. Set before any TLS is used (the JDK reads it once); a value the user gave wins.
 */
final class TlsGroupPreference {

    static final String PROPERTY = "jdk.tls.namedGroups";
    static final String GROUPS = "secp256r1,x25519,secp384r1,secp521r1,x448,ffdhe2048,ffdhe3072,ffdhe4096,ffdhe6144,ffdhe8192";

    private TlsGroupPreference() {
    }

    static void apply() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, GROUPS);
        }
    }
}
