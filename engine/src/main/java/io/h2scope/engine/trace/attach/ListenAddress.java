package io.h2scope.engine.trace.attach;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * Where the live event stream is served ({@code H2SCOPE_TRACE_LISTEN}): a Unix domain socket path, or a
 * loopback TCP port ({@code 127.0.0.1:PORT}, {@code [::1]:PORT}, {@code localhost:PORT}) that asks for a token
 * (a socket path with a colon is written with a slash: {@code ./a:b}).
 * Never another interface: the stream holds every header value and body byte.
 *
 * @param unixPath the socket file, or null for TCP
 * @param tcp      the loopback address, or null for a Unix socket
 */
public record ListenAddress(Path unixPath, InetSocketAddress tcp) {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    /**
     * Parses a value: {@code HOST:PORT} with a loopback host (a value with a colon and no slash; an IPv6 host in
     * brackets), else a socket path.
     * A host name is looked up for {@link HostLookup#LIMIT} at most.
     *
     * @throws IllegalArgumentException saying what is wrong and what to give instead
     */
    public static ListenAddress parse(String value) {
        return parse(value, HostLookup.LIMIT, InetAddress::getByName);
    }

    static ListenAddress parse(String value, Duration limit, HostLookup.Resolver resolver) {
        if (value.isBlank()) {
            throw new IllegalArgumentException("no address (give a Unix socket path, or HOST:PORT such as 127.0.0.1:7000)");
        }
        if (value.contains("/") || value.contains("\\") || !value.contains(":")) {
            if (value.equals("localhost") || IPV4.matcher(value).matches()) {
                throw new IllegalArgumentException("no port (give HOST:PORT such as " + value + ":7000, or ./" + value
                        + " for a socket file of that name)");
            }
            return new ListenAddress(Path.of(value), null);
        }
        if (!value.startsWith("[") && value.indexOf(':') != value.lastIndexOf(':')) {
            refuseUnbracketedWithoutPort(value);
        }
        int colon = value.endsWith("]") ? value.length() : value.lastIndexOf(':'); // [::1] alone has no port
        String host = value.substring(0, colon);
        String port = colon < value.length() ? value.substring(colon + 1) : "";
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        boolean digits = !port.isEmpty() && port.chars().allMatch(c -> c >= '0' && c <= '9');
        if (host.isEmpty()) {
            throw new IllegalArgumentException("no host before the port (give one, such as 127.0.0.1:"
                    + (digits ? port : "7000") + ")");
        }
        if (port.isEmpty()) {
            String written = value.substring(0, colon);
            throw new IllegalArgumentException("no port after the host (give one, such as "
                    + (written.contains(":") && !written.startsWith("[") ? "[" + written + "]" : written) + ":7000)");
        }
        if (!digits) {
            throw new IllegalArgumentException("port \"" + port + "\" is not a number (give HOST:PORT such as "
                    + "127.0.0.1:7000, or ./" + value + " for a socket file of that name)");
        }
        int number = Integer.parseInt(port.length() > 5 ? "99999" : port);
        if (number > 65_535) {
            throw new IllegalArgumentException("port " + port + " is not 0..65535 (give one such as 127.0.0.1:7000)");
        }
        InetAddress address;
        try {
            address = HostLookup.resolve(host, limit, resolver);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("the host name does not resolve (check the name, or give an address "
                    + "such as 127.0.0.1:" + port + ")");
        } catch (TimeoutException e) {
            throw new IllegalArgumentException("the host name did not resolve within " + limit.toMillis() + " ms "
                    + "(check the name and the system's resolver, or give an address such as 127.0.0.1:" + port + ")");
        }
        if (!address.isLoopbackAddress()) {
            throw new IllegalArgumentException(host + " is not a loopback address: the event stream is served on "
                    + "127.0.0.1 or ::1 only (or a Unix socket path)");
        }
        return new ListenAddress(null, new InetSocketAddress(address, number));
    }

    /**
     * An IPv6 address written without brackets ({@code ::1}) has no port, or none that can be told from its last
     * group ({@code ::1:7000} is an address of its own too): both refused, saying how to write the port. One that is
     * no address with its last part (as {@code 0:0:0:0:0:0:0:1:7000}) is left to be read as HOST:PORT.
     */
    private static void refuseUnbracketedWithoutPort(String value) {
        if (!isIpv6Literal(value)) {
            return;
        }
        int colon = value.lastIndexOf(':');
        String head = value.substring(0, colon);
        String tail = value.substring(colon + 1);
        if (!tail.isEmpty() && tail.length() <= 5 && tail.chars().allMatch(c -> c >= '0' && c <= '9')
                && isIpv6Literal(head)) {
            throw new IllegalArgumentException(value + " is ambiguous: the IPv6 address " + value + " with no port, or "
                    + head + " with port " + tail + " (write an address with a port in brackets, such as [" + head
                    + "]:" + tail + ")");
        }
        throw new IllegalArgumentException("no port after the IPv6 address (write an address with a port in brackets, "
                + "such as [" + value + "]:7000)");
    }

    /** Whether {@code text} is an IPv6 address literal; such text is never looked up as a name. */
    private static boolean isIpv6Literal(String text) {
        if (!text.contains(":") || !text.chars().allMatch(c -> c == ':' || c == '.' || c >= '0' && c <= '9'
                || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
            return false;
        }
        try {
            InetAddress.getByName(text); // hex digits and colons: read as a literal, no lookup
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    public SocketAddress socketAddress() {
        return unixPath != null ? UnixDomainSocketAddress.of(unixPath) : tcp;
    }

    @Override
    public String toString() {
        return unixPath != null ? unixPath.toString() : tcp.getAddress().getHostAddress() + ":" + tcp.getPort();
    }
}
