package io.h2scope.inspector.export;

import java.nio.ByteBuffer;

/**
 * One synthetic TCP connection between a client and a server, as Ethernet/IPv4/TCP packets: the three-way
 * handshake, data segments each side numbered by its own sequence (every segment acknowledges what the other side
 * sent so far), and FINs at the end. Nothing here is captured; the segments only carry recorded octets.
 */
final class TcpFlow {

    /** Fits an IPv4 packet (total length at most 65535) with headers to spare. */
    static final int MAX_SEGMENT = 32_768;

    private static final int FIN = 0x01;
    private static final int SYN = 0x02;
    private static final int PSH = 0x08;
    private static final int ACK = 0x10;

    private final byte[] clientAddress;
    private final byte[] serverAddress;
    private final int clientPort;
    private final int serverPort;
    private long clientSeq = 1_000;
    private long serverSeq = 5_000;
    private int ipId;

    TcpFlow(byte[] clientAddress, int clientPort, byte[] serverAddress, int serverPort) {
        this.clientAddress = clientAddress.clone();
        this.serverAddress = serverAddress.clone();
        this.clientPort = clientPort;
        this.serverPort = serverPort;
    }

    /** SYN, SYN-ACK, ACK. */
    byte[][] open() {
        byte[] syn = segment(true, SYN, new byte[0], 0, 0);
        clientSeq++;
        byte[] synAck = segment(false, SYN | ACK, new byte[0], 0, 0);
        serverSeq++;
        byte[] ack = segment(true, ACK, new byte[0], 0, 0);
        return new byte[][] {syn, synAck, ack};
    }

    /** {@code octets} sent by one side, in segments of at most {@link #MAX_SEGMENT}. */
    byte[][] data(boolean fromClient, byte[] octets) {
        int count = Math.max(1, (octets.length + MAX_SEGMENT - 1) / MAX_SEGMENT);
        byte[][] packets = new byte[count][];
        for (int i = 0; i < count; i++) {
            int from = i * MAX_SEGMENT;
            int length = Math.min(MAX_SEGMENT, octets.length - from);
            packets[i] = segment(fromClient, PSH | ACK, octets, from, length);
            if (fromClient) {
                clientSeq += length;
            } else {
                serverSeq += length;
            }
        }
        return packets;
    }

    /** FIN from the client, FIN from the server, the client's last ACK. */
    byte[][] close() {
        byte[] clientFin = segment(true, FIN | ACK, new byte[0], 0, 0);
        clientSeq++;
        byte[] serverFin = segment(false, FIN | ACK, new byte[0], 0, 0);
        serverSeq++;
        byte[] lastAck = segment(true, ACK, new byte[0], 0, 0);
        return new byte[][] {clientFin, serverFin, lastAck};
    }

    private byte[] segment(boolean fromClient, int flags, byte[] data, int offset, int length) {
        byte[] src = fromClient ? clientAddress : serverAddress;
        byte[] dst = fromClient ? serverAddress : clientAddress;
        int srcPort = fromClient ? clientPort : serverPort;
        int dstPort = fromClient ? serverPort : clientPort;
        long seq = fromClient ? clientSeq : serverSeq;
        long ack = (flags & ACK) == 0 ? 0 : fromClient ? serverSeq : clientSeq;
        ByteBuffer tcp = ByteBuffer.allocate(20 + length);
        tcp.putShort((short) srcPort).putShort((short) dstPort).putInt((int) seq).putInt((int) ack)
                .put((byte) (5 << 4)).put((byte) flags).putShort((short) 0xffff).putShort((short) 0).putShort((short) 0)
                .put(data, offset, length);
        byte[] tcpBytes = tcp.array();
        int tcpSum = checksum(pseudoHeader(src, dst, tcpBytes.length), tcpBytes);
        tcpBytes[16] = (byte) (tcpSum >>> 8);
        tcpBytes[17] = (byte) tcpSum;

        ByteBuffer ip = ByteBuffer.allocate(20);
        ip.put((byte) 0x45).put((byte) 0).putShort((short) (20 + tcpBytes.length)).putShort((short) ipId++)
                .putShort((short) 0x4000).put((byte) 64).put((byte) 6).putShort((short) 0).put(src).put(dst);
        byte[] ipBytes = ip.array();
        int ipSum = checksum(new byte[0], ipBytes);
        ipBytes[10] = (byte) (ipSum >>> 8);
        ipBytes[11] = (byte) ipSum;

        ByteBuffer ethernet = ByteBuffer.allocate(14 + ipBytes.length + tcpBytes.length);
        ethernet.put(mac(dst)).put(mac(src)).putShort((short) 0x0800).put(ipBytes).put(tcpBytes);
        return ethernet.array();
    }

    /** A locally administered MAC address made of the IPv4 address. */
    private static byte[] mac(byte[] address) {
        return new byte[] {0x02, 0x00, address[0], address[1], address[2], address[3]};
    }

    private static byte[] pseudoHeader(byte[] src, byte[] dst, int tcpLength) {
        return ByteBuffer.allocate(12).put(src).put(dst).put((byte) 0).put((byte) 6).putShort((short) tcpLength).array();
    }

    /** The Internet checksum (RFC 1071) over {@code first} then {@code second}. */
    private static int checksum(byte[] first, byte[] second) {
        long sum = 0;
        byte[] all = new byte[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        for (int i = 0; i < all.length; i += 2) {
            int hi = all[i] & 0xff;
            int lo = i + 1 < all.length ? all[i + 1] & 0xff : 0;
            sum += (hi << 8) | lo;
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) (~sum & 0xffff);
    }
}
