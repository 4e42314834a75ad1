package io.h2scope.inspector.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The pcapng container (IETF draft-ietf-opsawg-pcapng): one section, one Ethernet interface with microsecond time
 * stamps, then one Enhanced Packet Block per packet. Little-endian, as the byte-order magic says.
 */
final class PcapngWriter {

    private static final int SECTION_HEADER = 0x0A0D0D0A;
    private static final int INTERFACE_DESCRIPTION = 1;
    private static final int ENHANCED_PACKET = 6;
    private static final int LINKTYPE_ETHERNET = 1;

    private final OutputStream out;

    PcapngWriter(OutputStream out) throws IOException {
        this.out = out;
        ByteBuffer shb = block(SECTION_HEADER, 16);
        shb.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1L); // section length unknown
        finish(shb);
        ByteBuffer idb = block(INTERFACE_DESCRIPTION, 8);
        idb.putShort((short) LINKTYPE_ETHERNET).putShort((short) 0).putInt(0); // snap length: no limit
        finish(idb);
    }

    void packet(long micros, byte[] frame) throws IOException {
        int padded = (frame.length + 3) & ~3;
        ByteBuffer epb = block(ENHANCED_PACKET, 20 + padded);
        epb.putInt(0).putInt((int) (micros >>> 32)).putInt((int) micros).putInt(frame.length).putInt(frame.length)
                .put(frame).position(epb.position() + padded - frame.length);
        finish(epb);
    }

    /** A block of {@code body} octets: type, total length, body, total length again. */
    private static ByteBuffer block(int type, int body) {
        int total = 12 + body;
        return ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN).putInt(type).putInt(total);
    }

    private void finish(ByteBuffer block) throws IOException {
        block.putInt(block.capacity());
        out.write(block.array());
    }
}
