package io.h2scope.engine.transport.tls.keylog;

import org.bouncycastle.tls.crypto.TlsHash;

import java.util.Arrays;

/**
 * A transcript hash that notes the client random of the ClientHello it begins with (handshake type 1,
 * 3-octet length, 2-octet legacy_version, then the 32-octet random: RFC 8446 §4.1.2), and tells
 * {@link KeyLoggingCrypto} each hash value it produces, so a TLS 1.3 secret labelled with that value can be
 * logged under the right client random. Hashes that do not begin with a ClientHello (after a
 * HelloRetryRequest the transcript begins with a synthetic message_hash) are not noted.
 */
final class LoggingHash implements TlsHash {

    private static final int CLIENT_HELLO = 1;
    private static final int RANDOM_OFFSET = 6;
    private static final int RANDOM_END = RANDOM_OFFSET + 32;

    private final KeyLoggingCrypto crypto;
    private final TlsHash hash;
    private final byte[] head;
    private int headLength;

    LoggingHash(KeyLoggingCrypto crypto, TlsHash hash) {
        this(crypto, hash, new byte[RANDOM_END], 0);
    }

    private LoggingHash(KeyLoggingCrypto crypto, TlsHash hash, byte[] head, int headLength) {
        this.crypto = crypto;
        this.hash = hash;
        this.head = head;
        this.headLength = headLength;
    }

    @Override
    public void update(byte[] input, int inOff, int length) {
        if (headLength < RANDOM_END) {
            int n = Math.min(length, RANDOM_END - headLength);
            System.arraycopy(input, inOff, head, headLength, n);
            headLength += n;
        }
        hash.update(input, inOff, length);
    }

    @Override
    public byte[] calculateHash() {
        byte[] value = hash.calculateHash();
        if (headLength == RANDOM_END && head[0] == CLIENT_HELLO) {
            crypto.rememberTranscript(value, Arrays.copyOfRange(head, RANDOM_OFFSET, RANDOM_END));
        }
        return value;
    }

    @Override
    public TlsHash cloneHash() {
        return new LoggingHash(crypto, hash.cloneHash(), head.clone(), headLength);
    }

    @Override
    public void reset() {
        hash.reset();
        headLength = 0;
    }
}
