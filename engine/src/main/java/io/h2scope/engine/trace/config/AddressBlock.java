package io.h2scope.engine.trace.config;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * One address or a block of them in CIDR notation ({@code 10.1.2.3}, {@code 10.0.0.0/8}, {@code ::1},
 * {@code fd00::/8}): the {@code peer=} entries of {@code H2SCOPE_TRACE_ONLY}. Literal addresses only: a host name is
 * refused rather than looked up.
 *
 * @param network the address with the bits past the prefix cleared
 * @param bits    how many leading bits must match (32 or 128 for one address)
 */
public record AddressBlock(byte[] network, int bits) {

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static AddressBlock parse(String text) {
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        byte[] octets = literal(address);
        int bits = octets.length * 8;
        if (slash >= 0) {
            String prefix = text.substring(slash + 1);
            if (prefix.isEmpty() || prefix.length() > 3 || !prefix.chars().allMatch(Character::isDigit)
                    || Integer.parseInt(prefix) > bits) {
                throw new IllegalArgumentException("\"" + prefix + "\" is not a prefix length 0.." + bits);
            }
            bits = Integer.parseInt(prefix);
        }
        return new AddressBlock(masked(octets, bits), bits);
    }

    /** Whether {@code address} is in this block (an IPv4 address never is in an IPv6 block, nor the other way). */
    public boolean contains(InetAddress address) {
        byte[] octets = address.getAddress();
        return octets.length == network.length && java.util.Arrays.equals(masked(octets, bits), network);
    }

    private static byte[] literal(String address) {
        boolean looksLiteral = !address.isEmpty() && (address.indexOf(':') >= 0
                || address.chars().allMatch(c -> c == '.' || Character.isDigit(c)));
        if (looksLiteral) {
            try {
                return InetAddress.getByName(address).getAddress(); // a literal: no lookup
            } catch (UnknownHostException e) {
                // said below
            }
        }
        throw new IllegalArgumentException("\"" + address + "\" is not an IP address");
    }

    private static byte[] masked(byte[] octets, int bits) {
        byte[] out = octets.clone();
        for (int i = 0; i < out.length; i++) {
            int keep = Math.max(0, Math.min(8, bits - i * 8));
            out[i] &= (byte) (0xff << (8 - keep));
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AddressBlock b && b.bits == bits && java.util.Arrays.equals(b.network, network);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(network) * 31 + bits;
    }

    @Override
    public String toString() {
        try {
            String address = InetAddress.getByAddress(network).getHostAddress();
            return bits == network.length * 8 ? address : address + "/" + bits;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // a 4 or 16 octet array always makes an address
        }
    }
}
