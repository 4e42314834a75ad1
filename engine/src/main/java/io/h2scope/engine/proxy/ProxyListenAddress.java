package io.h2scope.engine.proxy;

import java.net.InetSocketAddress;

/** Where the proxy listens ({@code --listen}, the inspector's Proxy panel): HOST:PORT, loopback unless allowed. */
public final class ProxyListenAddress {

    private ProxyListenAddress() {
    }

    /**
     * Reads {@code HOST:PORT} (port 0 picks a free one); an address other than loopback is refused unless
     * {@code allowRemote}, since the proxy sees credentials in clear.
     *
     * @throws IllegalArgumentException saying, in one line, what is wrong and what to give instead
     */
    public static InetSocketAddress parse(String value, boolean allowRemote) {
        int colon = value.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--listen '" + value + "' is not HOST:PORT, e.g. 127.0.0.1:8080");
        }
        String host = value.substring(0, colon).replaceAll("^\\[|\\]$", "");
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--listen '" + value + "': the port must be 0..65535");
        }
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new IllegalArgumentException("--listen '" + value + "': cannot resolve '" + host
                    + "'; give an address of this machine, e.g. 127.0.0.1");
        }
        if (!address.getAddress().isLoopbackAddress() && !allowRemote) {
            throw new IllegalArgumentException("--listen " + value + " is not a loopback address: the proxy sees"
                    + " credentials in clear, so add --allow-remote to listen there on purpose");
        }
        return address;
    }
}
