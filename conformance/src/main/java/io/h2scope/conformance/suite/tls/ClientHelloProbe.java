package io.h2scope.conformance.suite.tls;

import io.h2scope.conformance.peer.NoHttp2;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.TraceEntry;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * Sends one hand-built TLS ClientHello (protocol version and cipher suites of the case's choosing,
 * ALPN "h2") on a fresh TCP connection and reads the first thing the server answers. Built by hand
 * so the case does not depend on what the local JDK still agrees to offer (TLS 1.1 and most
 * prohibited suites are disabled in current JDKs).
 */
final class ClientHelloProbe {

    /** TLS protocol versions on the wire. */
    static final int TLS_1_1 = 0x0302;
    static final int TLS_1_2 = 0x0303;

    /** What the server answered. */
    sealed interface Answer {
        String describe();
    }

    record ServerHello(int version, int cipherSuite, String alpn) implements Answer {
        public String describe() {
            return "ServerHello: version " + versionName(version) + ", cipher suite 0x" + Integer.toHexString(cipherSuite)
                    + ", ALPN " + (alpn == null ? "none" : alpn);
        }
    }

    record Alert(int level, int description) implements Answer {
        public String describe() {
            return "TLS alert " + (level == 2 ? "fatal " : "warning ") + alertName(description) + " (" + description + ")";
        }
    }

    record Closed(String how) implements Answer {
        public String describe() {
            return "the connection was " + how + " without a ServerHello";
        }
    }

    record Silent(long millis) implements Answer {
        public String describe() {
            return "no answer within " + millis + " ms";
        }
    }

    private ClientHelloProbe() {
    }

    static Answer offer(Peer p, int version, int... cipherSuites) throws IOException {
        byte[] hello = clientHello(version, cipherSuites);
        p.note("raw ClientHello on a new connection: " + versionName(version) + ", cipher suites " + hex(cipherSuites)
                + ", ALPN h2 (" + hello.length + " octets)");
        try (Socket socket = new Socket()) {
            int timeout = (int) p.timeout().toMillis();
            socket.connect(new InetSocketAddress(p.target().host(), p.target().port()), timeout);
            socket.setSoTimeout(timeout);
            socket.getOutputStream().write(hello);
            socket.getOutputStream().flush();
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            Answer answer = read(new DataInputStream(socket.getInputStream()), timeout, header);
            p.note("server answered: " + answer.describe());
            p.include("the probe's connection, which never reached HTTP/2:", List.of(line(p, answer, header.toByteArray())));
            return answer;
        }
    }

    /**
     * The probe's connection as a line of the evidence ({@link NoHttp2}): a ServerHello's version, suite and ALPN, or
     * what came instead, with the octets of the first record's header (an alert's whole record).
     */
    private static TraceEntry line(Peer p, Answer answer, byte[] received) {
        long id = Peer.freshConnectionId();
        String remote = p.target().authority();
        if (answer instanceof ServerHello h) {
            return NoHttp2.tlsTo(id, remote, versionName(h.version()), "0x" + Integer.toHexString(h.cipherSuite()),
                    h.alpn(), "the probe reads the ServerHello and closes");
        }
        String octets = received.length == 0 ? "" : "; received " + HexFormat.ofDelimiter(" ").formatHex(received);
        return NoHttp2.tlsTo(id, remote, null, null, null, answer.describe() + octets);
    }

    /** @param received gets the first record's header, and an alert's two octets */
    private static Answer read(DataInputStream in, long timeout, ByteArrayOutputStream received) throws IOException {
        try {
            int type = in.readUnsignedByte();
            received.write(type);
            int version = in.readUnsignedShort(); // record version
            u16(received, version);
            byte[] body = new byte[in.readUnsignedShort()];
            u16(received, body.length);
            in.readFully(body);
            if (type == 21 && body.length >= 2) {
                received.write(body, 0, 2);
                return new Alert(body[0] & 0xff, body[1] & 0xff);
            }
            if (type == 22 && body.length > 4 && body[0] == 2) {
                return serverHello(body);
            }
            return new Closed("answered with TLS record type " + type + " (not a ServerHello)");
        } catch (EOFException e) {
            return new Closed("closed");
        } catch (SocketTimeoutException e) {
            return new Silent(timeout);
        } catch (IOException e) {
            return new Closed("reset (" + e.getMessage() + ")");
        }
    }

    /** Parses a ServerHello handshake message (RFC 5246 §7.4.1.3), ALPN from its extensions (RFC 7301). */
    private static ServerHello serverHello(byte[] m) {
        int pos = 4; // handshake type and length
        int version = ((m[pos] & 0xff) << 8) | (m[pos + 1] & 0xff);
        pos += 2 + 32;
        pos += 1 + (m[pos] & 0xff); // session id
        int suite = ((m[pos] & 0xff) << 8) | (m[pos + 1] & 0xff);
        pos += 2 + 1; // suite, compression
        String alpn = null;
        if (pos + 2 <= m.length) {
            int end = Math.min(m.length, pos + 2 + (((m[pos] & 0xff) << 8) | (m[pos + 1] & 0xff)));
            pos += 2;
            while (pos + 4 <= end) {
                int extType = ((m[pos] & 0xff) << 8) | (m[pos + 1] & 0xff);
                int extLength = ((m[pos + 2] & 0xff) << 8) | (m[pos + 3] & 0xff);
                if (extType == 0x0010 && extLength >= 4) {
                    alpn = new String(m, pos + 7, m[pos + 6] & 0xff, java.nio.charset.StandardCharsets.US_ASCII);
                }
                pos += 4 + extLength;
            }
        }
        return new ServerHello(version, suite, alpn);
    }

    /** RFC 5246 §7.4.1.2 ClientHello in one handshake record. */
    static byte[] clientHello(int version, int... cipherSuites) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        u16(body, version);
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        body.writeBytes(random);
        body.write(0); // no session id
        u16(body, cipherSuites.length * 2);
        for (int suite : cipherSuites) {
            u16(body, suite);
        }
        body.write(1);
        body.write(0); // null compression only
        ByteArrayOutputStream ext = new ByteArrayOutputStream();
        extension(ext, 0x0010, new byte[] {0, 3, 2, 'h', '2'}); // ALPN: "h2"
        extension(ext, 0x000a, new byte[] {0, 4, 0, 0x17, 0, 0x1d}); // groups: secp256r1, x25519
        extension(ext, 0x000b, new byte[] {1, 0}); // EC point formats: uncompressed
        extension(ext, 0x000d, new byte[] {0, 8, 4, 3, 8, 4, 4, 1, 2, 1}); // signature algorithms (TLS 1.2)
        extension(ext, 0xff01, new byte[] {0}); // renegotiation_info, empty (RFC 5746)
        u16(body, ext.size());
        body.writeBytes(ext.toByteArray());

        ByteArrayOutputStream record = new ByteArrayOutputStream();
        record.write(22); // handshake
        u16(record, 0x0301); // record layer version most servers expect on a first ClientHello
        u16(record, body.size() + 4);
        record.write(1); // client_hello
        record.write(0);
        u16(record, body.size());
        record.writeBytes(body.toByteArray());
        return record.toByteArray();
    }

    private static void extension(ByteArrayOutputStream out, int type, byte[] data) {
        u16(out, type);
        u16(out, data.length);
        out.writeBytes(data);
    }

    private static void u16(ByteArrayOutputStream out, int value) {
        out.write(value >>> 8);
        out.write(value & 0xff);
    }

    static String versionName(int version) {
        return switch (version) {
            case 0x0301 -> "TLS 1.0";
            case TLS_1_1 -> "TLS 1.1";
            case TLS_1_2 -> "TLS 1.2";
            case 0x0304 -> "TLS 1.3";
            default -> "0x" + Integer.toHexString(version);
        };
    }

    private static String alertName(int description) {
        return switch (description) {
            case 40 -> "handshake_failure";
            case 70 -> "protocol_version";
            case 71 -> "insufficient_security";
            case 80 -> "internal_error";
            case 100 -> "no_renegotiation";
            case 120 -> "no_application_protocol";
            default -> "alert";
        };
    }

    private static String hex(int... suites) {
        StringBuilder out = new StringBuilder();
        for (int suite : suites) {
            out.append(out.length() == 0 ? "" : ",").append("0x").append(Integer.toHexString(suite));
        }
        return out.toString();
    }
}
