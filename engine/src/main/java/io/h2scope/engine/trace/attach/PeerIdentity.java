package io.h2scope.engine.trace.attach;

import java.io.IOException;
import java.net.Inet4Address;
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

    /** The uid owning the TCP socket at {@code client} connected to {@code server}, from /proc/net/tcp or tcp6. */
    static OptionalLong tcpOwner(InetSocketAddress client, InetSocketAddress server) {
        String table = client.getAddress() instanceof Inet4Address ? "/proc/net/tcp" : "/proc/net/tcp6";
        String local = hex(client);
        String remote = hex(server);
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
        return OptionalLong.empty();
    }

    /** An address as /proc/net/tcp writes it: the address's 32-bit words in host (little-endian) order, then the port. */
    private static String hex(InetSocketAddress address) {
        byte[] octets = address.getAddress().getAddress();
        StringBuilder text = new StringBuilder();
        for (int word = 0; word < octets.length; word += 4) {
            for (int i = 3; i >= 0; i--) {
                text.append(String.format("%02X", octets[word + i] & 0xff));
            }
        }
        return text.append(':').append(String.format("%04X", address.getPort())).toString().toUpperCase(Locale.ROOT);
    }
}
