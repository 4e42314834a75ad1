package io.h2scope.engine.trace.attach;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

/**
 * Where the live event stream is served ({@code H2SCOPE_TRACE_LISTEN}): a Unix domain socket path, or a
 * loopback TCP port ({@code 127.0.0.1:PORT}, {@code [::1]:PORT}, {@code localhost:PORT}) that asks for a token.
 * Never another interface: the stream holds every header value and body byte.
 *
 * @param unixPath the socket file, or null for TCP
 * @param tcp      the loopback address, or null for a Unix socket
 */
public record ListenAddress(Path unixPath, InetSocketAddress tcp) {

    /**
     * Parses a value: {@code HOST:PORT} with a loopback host, else a path.
     *
     * @throws IllegalArgumentException saying what is wrong and what is accepted
     */
    public static ListenAddress parse(String value) {
        int colon = value.lastIndexOf(':');
        String port = colon < 0 ? "" : value.substring(colon + 1);
        if (colon > 0 && !port.isEmpty() && port.chars().allMatch(Character::isDigit) && !value.contains("/")) {
            String host = value.substring(0, colon).replace("[", "").replace("]", "");
            int number = Integer.parseInt(port.length() > 5 ? "99999" : port);
            if (number > 65_535) {
                throw new IllegalArgumentException("port " + port + " is not 0..65535");
            }
            InetAddress address;
            try {
                address = InetAddress.getByName(host);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("unknown host \"" + host + "\"; accepted: 127.0.0.1:PORT or a socket path");
            }
            if (!address.isLoopbackAddress()) {
                throw new IllegalArgumentException(host + " is not a loopback address: the event stream is served on "
                        + "127.0.0.1 or ::1 only (or a Unix socket path)");
            }
            return new ListenAddress(null, new InetSocketAddress(address, number));
        }
        return new ListenAddress(Path.of(value), null);
    }

    public SocketAddress socketAddress() {
        return unixPath != null ? UnixDomainSocketAddress.of(unixPath) : tcp;
    }

    @Override
    public String toString() {
        return unixPath != null ? unixPath.toString() : tcp.getAddress().getHostAddress() + ":" + tcp.getPort();
    }
}
