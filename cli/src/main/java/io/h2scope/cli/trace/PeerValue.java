package io.h2scope.cli.trace;

import java.net.InetAddress;
import java.net.UnknownHostException;
import picocli.CommandLine;

/**
 * {@code --peer}: the peer's IP address as a recording writes it, with or without the port: {@code 10.1.2.3},
 * {@code 10.1.2.3:51000}, {@code ::1}, {@code [::1]:8443}. IPv6 is compared in one form whatever way it is written.
 */
public final class PeerValue implements CommandLine.ITypeConverter<PeerValue.Peer> {

    /** A peer address; {@code port} -1 when any port matches. */
    public record Peer(String host, int port) {

        /** Whether a recording's {@code remote} ({@code 127.0.0.1:8443}, {@code [::1]:8443}) is this peer. */
        boolean matches(String remote) {
            if (remote == null) {
                return false;
            }
            int colon = remote.lastIndexOf(':');
            if (colon < 0) {
                return false;
            }
            String remoteHost = canonical(strip(remote.substring(0, colon)));
            return host.equals(remoteHost) && (port < 0 || remote.substring(colon + 1).equals(Integer.toString(port)));
        }
    }

    @Override
    public Peer convert(String value) {
        String text = value.trim();
        String host = text;
        int port = -1;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                throw bad(value);
            }
            host = text.substring(1, close);
            String rest = text.substring(close + 1);
            if (!rest.isEmpty()) {
                port = port(rest, value);
            }
        } else if (text.indexOf(':') == text.lastIndexOf(':') && text.indexOf(':') > 0) { // IPv4 with a port
            host = text.substring(0, text.indexOf(':'));
            port = port(text.substring(text.indexOf(':')), value);
        }
        if (!host.matches("\\d{1,3}(\\.\\d{1,3}){3}") && !host.matches("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
            throw bad(value);
        }
        return new Peer(canonical(host), port);
    }

    private static int port(String colonAndPort, String value) {
        if (!colonAndPort.matches(":\\d{1,5}") || Integer.parseInt(colonAndPort.substring(1)) > 65535) {
            throw bad(value);
        }
        return Integer.parseInt(colonAndPort.substring(1));
    }

    private static String strip(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** An IPv6 literal in the one form Java writes it ({@code 0:0:0:0:0:0:0:1}); anything else as it is. */
    private static String canonical(String host) {
        if (host.indexOf(':') < 0) {
            return host;
        }
        try {
            return InetAddress.getByName(host).getHostAddress(); // a literal: no name is looked up
        } catch (UnknownHostException e) {
            return host;
        }
    }

    private static CommandLine.TypeConversionException bad(String value) {
        return new CommandLine.TypeConversionException("'" + value + "' is not a peer address; accepted: an IP address "
                + "as the recording's \"remote\" has it, with or without the port (10.1.2.3, 10.1.2.3:51000, ::1, "
                + "[::1]:8443)");
    }
}
