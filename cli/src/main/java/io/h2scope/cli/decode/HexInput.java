package io.h2scope.cli.decode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads bytes given as hex on the command line, as hex on stdin, or raw from a file. */
final class HexInput {

    private HexInput() {
    }

    /**
     * Parses hex digits, ignoring whitespace, colons, commas and {@code 0x} prefixes, so that
     * dumps pasted from Wireshark, nghttp or the RFC examples work as they are.
     */
    static byte[] parse(String text) {
        String cleaned = text.replaceAll("0[xX]", "").replaceAll("[\\s:,]", "");
        if (cleaned.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits (" + cleaned.length()
                    + "): each byte is two digits, e.g. 0a, not a");
        }
        byte[] out = new byte[cleaned.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(cleaned.charAt(2 * i), 16);
            int lo = Character.digit(cleaned.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("not a hex digit near position " + (2 * i) + ": '"
                        + cleaned.substring(2 * i, Math.min(cleaned.length(), 2 * i + 2))
                        + "'; give the bytes as hex digits 0-9 a-f (spaces, colons and 0x are ignored)");
            }
            out[i] = (byte) ((hi << 4) | lo);
        }
        return out;
    }

    /** The hex arguments joined, or stdin read as hex when there are none, or a binary file. */
    static byte[] read(List<String> hexArgs, Path binaryFile, InputStream stdin) throws IOException {
        if (binaryFile != null) {
            return Files.readAllBytes(binaryFile);
        }
        if (hexArgs != null && !hexArgs.isEmpty()) {
            try {
                return parse(String.join("", hexArgs));
            } catch (IllegalArgumentException notHex) {
                if (hexArgs.size() == 1 && Files.isRegularFile(Path.of(hexArgs.get(0)))) {
                    throw new IllegalArgumentException("'" + hexArgs.get(0) + "' is a file, not hex: give --file "
                            + hexArgs.get(0) + " to decode its raw octets", notHex);
                }
                throw notHex;
            }
        }
        return parse(new String(stdin.readAllBytes(), StandardCharsets.US_ASCII));
    }
}
