package io.h2scope.engine.transport.tls.keylog;

import org.bouncycastle.tls.crypto.TlsSecret;
import org.bouncycastle.tls.crypto.impl.AbstractTlsSecret;
import org.bouncycastle.tls.crypto.impl.jcajce.JceTlsSecret;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * A TLS secret that logs the derivations a key log needs and hands out every derived secret as a
 * {@code LoggingSecret} again:
 * <ul>
 *   <li>TLS 1.3: HKDF-Expand-Label with the labels {@code c hs traffic}, {@code s hs traffic},
 *       {@code c ap traffic}, {@code s ap traffic} (RFC 8446 §7.1) gives the four traffic secrets; the
 *       label's context is the transcript hash, which {@link KeyLoggingCrypto} maps to the client random.</li>
 *   <li>TLS 1.2: the PRF with label {@code master secret} or {@code extended master secret} gives the
 *       master secret; its later {@code key expansion} PRF has the seed server_random + client_random
 *       (RFC 5246 §6.3), which names the {@code CLIENT_RANDOM} line.</li>
 * </ul>
 */
final class LoggingSecret extends JceTlsSecret {

    private static final Map<String, String> TLS13_LABELS = Map.of(
            "c hs traffic", "CLIENT_HANDSHAKE_TRAFFIC_SECRET",
            "s hs traffic", "SERVER_HANDSHAKE_TRAFFIC_SECRET",
            "c ap traffic", "CLIENT_TRAFFIC_SECRET_0",
            "s ap traffic", "SERVER_TRAFFIC_SECRET_0",
            "c e traffic", "CLIENT_EARLY_TRAFFIC_SECRET",
            "exp master", "EXPORTER_SECRET");
    private static final String TLS13_PREFIX = "tls13 ";
    private static final int RANDOM_LENGTH = 32;

    private final KeyLoggingCrypto keyCrypto;
    private final boolean masterSecret;

    private LoggingSecret(KeyLoggingCrypto crypto, byte[] data, boolean masterSecret) {
        super(crypto, data);
        this.keyCrypto = crypto;
        this.masterSecret = masterSecret;
    }

    /** {@code secret} as a logging secret (its bytes move over; the original is destroyed). */
    static TlsSecret adopt(KeyLoggingCrypto crypto, TlsSecret secret, boolean masterSecret) {
        if (!(secret instanceof AbstractTlsSecret abstractSecret)) {
            return secret; // not one of the JCA secrets: leave it alone (nothing is logged)
        }
        byte[] data = copyData(abstractSecret);
        secret.destroy();
        return new LoggingSecret(crypto, data, masterSecret);
    }

    @Override
    public synchronized TlsSecret hkdfExtract(int cryptoHashAlgorithm, TlsSecret ikm) {
        return adopt(keyCrypto, super.hkdfExtract(cryptoHashAlgorithm, ikm), false);
    }

    @Override
    public synchronized TlsSecret hkdfExpand(int cryptoHashAlgorithm, byte[] info, int length) {
        TlsSecret derived = super.hkdfExpand(cryptoHashAlgorithm, info, length);
        String label = label(info);
        String nssLabel = label == null ? null : TLS13_LABELS.get(label);
        if (nssLabel != null && derived instanceof AbstractTlsSecret abstractSecret) {
            byte[] clientRandom = keyCrypto.clientRandomOf(context(info));
            if (clientRandom != null) {
                keyCrypto.log().log(nssLabel, clientRandom, copyData(abstractSecret));
            }
        }
        return adopt(keyCrypto, derived, false);
    }

    @Override
    public synchronized TlsSecret deriveUsingPRF(int prfAlgorithm, String label, byte[] seed, int length) {
        TlsSecret derived = super.deriveUsingPRF(prfAlgorithm, label, seed, length);
        if ("master secret".equals(label) || "extended master secret".equals(label)) {
            return adopt(keyCrypto, derived, true);
        }
        if (masterSecret && "key expansion".equals(label) && seed.length == 2 * RANDOM_LENGTH) {
            // RFC 5246 §6.3: key_block = PRF(master_secret, "key expansion", server_random + client_random)
            keyCrypto.log().log("CLIENT_RANDOM", Arrays.copyOfRange(seed, RANDOM_LENGTH, 2 * RANDOM_LENGTH),
                    copyData(this));
        }
        return derived;
    }

    /** RFC 8446 §7.1 HkdfLabel: uint16 length, opaque label<7..255> ("tls13 " + Label), opaque context<0..255>. */
    private static String label(byte[] info) {
        if (info.length < 3) {
            return null;
        }
        int labelLength = info[2] & 0xff;
        if (3 + labelLength > info.length) {
            return null;
        }
        String full = new String(info, 3, labelLength, StandardCharsets.US_ASCII);
        return full.startsWith(TLS13_PREFIX) ? full.substring(TLS13_PREFIX.length()) : null;
    }

    private static byte[] context(byte[] info) {
        int at = 3 + (info[2] & 0xff);
        if (at >= info.length) {
            return new byte[0];
        }
        int contextLength = info[at] & 0xff;
        return Arrays.copyOfRange(info, at + 1, Math.min(info.length, at + 1 + contextLength));
    }
}
