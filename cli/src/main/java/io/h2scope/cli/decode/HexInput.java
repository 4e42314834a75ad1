package io.h2scope.cli.decode;

import io.h2scope.engine.frame.codec.HexText;
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

    /** Hex digits as {@link HexText} reads them (whitespace, colons, commas and 0x ignored). */
    static byte[] parse(String text) {
        return HexText.parse(text);
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
