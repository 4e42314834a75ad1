package io.h2scope.engine.transport.tls.keylog;

import org.bouncycastle.jcajce.util.JcaJceHelper;
import org.bouncycastle.tls.crypto.TlsAgreement;
import org.bouncycastle.tls.crypto.TlsDHConfig;
import org.bouncycastle.tls.crypto.TlsDHDomain;
import org.bouncycastle.tls.crypto.TlsECConfig;
import org.bouncycastle.tls.crypto.TlsECDomain;
import org.bouncycastle.tls.crypto.TlsHash;
import org.bouncycastle.tls.crypto.TlsSecret;
import org.bouncycastle.tls.crypto.impl.jcajce.JcaTlsCrypto;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * BouncyCastle's JCA TLS crypto with the hooks that expose what a key log needs. Every secret the TLS
 * code derives starts either at {@link #hkdfInit} (the TLS 1.3 key schedule) or at a (EC)DH agreement
 * (the TLS 1.2 pre-master secret); both are handed out as {@link LoggingSecret}s, which stay so through
 * every derivation and log the ones Wireshark needs. TLS 1.3 labels its secrets with a transcript hash,
 * not the client random: {@link LoggingHash} remembers which client random began each transcript.
 */
final class KeyLoggingCrypto extends JcaTlsCrypto {

    private static final int REMEMBERED_TRANSCRIPTS = 4096;

    private final KeyLogWriter log;
    /** Transcript hash value -> the client random of the ClientHello it began with (bounded, oldest dropped). */
    private final Map<ByteBuffer, byte[]> clientRandoms = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, byte[]> eldest) {
            return size() > REMEMBERED_TRANSCRIPTS;
        }
    };

    KeyLoggingCrypto(JcaJceHelper helper, JcaJceHelper altHelper, SecureRandom entropy, SecureRandom nonceEntropy,
            KeyLogWriter log) {
        super(helper, altHelper, entropy, nonceEntropy);
        this.log = log;
    }

    KeyLogWriter log() {
        return log;
    }

    void rememberTranscript(byte[] hash, byte[] clientRandom) {
        synchronized (clientRandoms) {
            clientRandoms.put(ByteBuffer.wrap(hash.clone()), clientRandom);
        }
    }

    byte[] clientRandomOf(byte[] transcriptHash) {
        synchronized (clientRandoms) {
            return clientRandoms.get(ByteBuffer.wrap(transcriptHash));
        }
    }

    @Override
    public TlsSecret hkdfInit(int cryptoHashAlgorithm) {
        return LoggingSecret.adopt(this, super.hkdfInit(cryptoHashAlgorithm), false);
    }

    @Override
    public TlsHash createHash(int cryptoHashAlgorithm) {
        return new LoggingHash(this, super.createHash(cryptoHashAlgorithm));
    }

    @Override
    public TlsECDomain createECDomain(TlsECConfig ecConfig) {
        TlsECDomain domain = super.createECDomain(ecConfig);
        return () -> new LoggingAgreement(domain.createECDH());
    }

    @Override
    public TlsDHDomain createDHDomain(TlsDHConfig dhConfig) {
        TlsDHDomain domain = super.createDHDomain(dhConfig);
        return () -> new LoggingAgreement(domain.createDH());
    }

    /** Hands out the agreed secret as a {@link LoggingSecret}, so the TLS 1.2 master secret derived from it logs. */
    private final class LoggingAgreement implements TlsAgreement {
        private final TlsAgreement agreement;

        LoggingAgreement(TlsAgreement agreement) {
            this.agreement = agreement;
        }

        @Override
        public byte[] generateEphemeral() throws IOException {
            return agreement.generateEphemeral();
        }

        @Override
        public void receivePeerValue(byte[] peerValue) throws IOException {
            agreement.receivePeerValue(peerValue);
        }

        @Override
        public TlsSecret calculateSecret() throws IOException {
            return LoggingSecret.adopt(KeyLoggingCrypto.this, agreement.calculateSecret(), false);
        }
    }
}
