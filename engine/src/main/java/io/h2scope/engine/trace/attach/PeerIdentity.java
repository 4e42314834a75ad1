package io.h2scope.engine.trace.attach;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Who is on the other end of an attach socket, for the log of what was changed live: on a Unix socket the user the
 * kernel says connected ({@code SO_PEERCRED}); on loopback TCP the client's address and port, and the uid that owns
 * that socket when {@code /proc/net/tcp} tells it (Linux).
 */
final class PeerIdentity {

    private PeerIdentity() {
    }

    /** "user alice" on a Unix socket; "127.0.0.1:53422 (uid 1000)" on TCP; what is not known is left out. */
    static String of(SocketChannel channel) {
        try {
            SocketAddress remote = channel.getRemoteAddress();
            if (remote instanceof InetSocketAddress tcp) {
                String where = tcp.getAddress().getHostAddress() + ":" + tcp.getPort();
                OptionalLong uid = tcpOwner(tcp, (InetSocketAddress) channel.getLocalAddress());
                return uid.isPresent() ? where + " (uid " + uid.getAsLong() + ")" : where;
            }
            var who = channel.getOption(jdk.net.ExtendedSocketOptions.SO_PEERCRED);
            return "user " + who.user().getName();
        } catch (IOException | UnsupportedOperationException e) {
            return "an unknown peer";
        }
    }

    /**
     * The uid owning the TCP socket at {@code client} connected to {@code server}, from /proc/net/tcp or tcp6 (a Java
     * socket is an IPv6 one even for 127.0.0.1: its row is in tcp6, the addresses IPv4-mapped).
     */
    static OptionalLong tcpOwner(InetSocketAddress client, InetSocketAddress server) {
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            boolean six = table.endsWith("6");
            String local = hex(client, six);
            String remote = hex(server, six);
            try {
                List<String> lines = Files.readAllLines(Path.of(table));
                for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid ...
                    if (f.length > 7 && f[1].equals(local) && f[2].equals(remote)) {
                        return OptionalLong.of(Long.parseLong(f[7]));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // not Linux, or not readable: the address alone says who
            }
        }
        return OptionalLong.empty();
    }

    /**
     * An address as /proc/net/tcp writes it: the address's 32-bit words each in host (little-endian) order, then the
     * port; in tcp6 an IPv4 address is IPv4-mapped ({@code ::ffff:a.b.c.d}).
     */
    private static String hex(InetSocketAddress address, boolean six) {
        byte[] octets = address.getAddress().getAddress();
        if (six && octets.length == 4) {
            byte[] mapped = new byte[16];
            mapped[10] = (byte) 0xff;
            mapped[11] = (byte) 0xff;
            System.arraycopy(octets, 0, mapped, 12, 4);
            octets = mapped;
        }
        StringBuilder text = new StringBuilder();
        for (int word = 0; word < octets.length; word += 4) {
            for (int i = 3; i >= 0; i--) {
                text.append(String.format("%02X", octets[word + i] & 0xff));
            }
        }
        return text.append(':').append(String.format("%04X", address.getPort())).toString().toUpperCase(Locale.ROOT);
    }
}
