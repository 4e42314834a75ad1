package io.h2scope.cli.decode;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderListSizeException;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.hpack.Representation;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code h2scope hpack decode}: decodes header blocks, field by field, showing how each was
 * represented and what the dynamic table holds afterwards.
 */
@Command(name = "decode", mixinStandardHelpOptions = true,
        description = {"Decode HPACK header blocks (RFC 7541) given in hex.",
                "Each argument is one header block; all share one decoding context, like the blocks of one "
                        + "direction of a connection. With no argument, one block is read as hex from stdin."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every block decoded", "1:a block is invalid (COMPRESSION_ERROR; the report says why and where)",
                "2:usage error"})
public final class HpackDecodeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--table-size", paramLabel = "BYTES", defaultValue = "4096",
            description = "SETTINGS_HEADER_TABLE_SIZE the decoder announced (default: ${DEFAULT-VALUE})")
    int tableSize;

    @Option(names = "--max-list-size", paramLabel = "BYTES", defaultValue = "65536",
            description = "header list size limit, RFC 9113 §6.5.2 accounting (default: ${DEFAULT-VALUE})")
    long maxListSize;

    @Parameters(paramLabel = "HEX", description = "header blocks in hex (spaces and colons are ignored)")
    List<String> blocks;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (tableSize < 0) { // the decoder's own check said only "negative limit"
            throw new ParameterException(spec.commandLine(), "--table-size must be 0 or more (SETTINGS_HEADER_TABLE_SIZE, "
                    + "RFC 9113 \u00a76.5.2), got " + tableSize);
        }
        if (maxListSize < 0) {
            throw new ParameterException(spec.commandLine(), "--max-list-size must be 0 or more "
                    + "(SETTINGS_MAX_HEADER_LIST_SIZE, RFC 9113 \u00a76.5.2), got " + maxListSize);
        }
        HpackDecoder decoder = new HpackDecoder(tableSize, maxListSize, 1 << 20);
        List<byte[]> inputs = blocks == null || blocks.isEmpty()
                ? List.of(HexInput.read(List.of(), null, System.in))
                : blocks.stream().map(HexInput::parse).toList();
        int n = 0;
        for (byte[] block : inputs) {
            n++;
            out.printf("block %d (%d bytes)%n", n, block.length);
            try {
                decoder.decode(block, (name, value, rep, huffName, huffValue) ->
                        out.printf("  %-22s %s: %s%n", describe(rep, huffName, huffValue), name, value));
            } catch (HpackException e) {
                out.printf("  error: %s%n", e.getMessage());
                out.flush();
                return 1;
            } catch (HeaderListSizeException e) {
                out.printf("  refused: %s%n", e.getMessage());
            }
            printTable(out, decoder);
        }
        out.flush();
        return 0;
    }

    private static String describe(Representation rep, boolean huffName, boolean huffValue) {
        String kind = switch (rep) {
            case INDEXED -> "indexed";
            case LITERAL_INDEXED -> "literal+index";
            case LITERAL_NOT_INDEXED -> "literal";
            case LITERAL_NEVER_INDEXED -> "never-indexed";
        };
        if (huffName || huffValue) {
            kind += " huffman(" + (huffName ? "n" : "") + (huffValue ? "v" : "") + ")";
        }
        return "[" + kind + "]";
    }

    static void printTable(PrintWriter out, HpackDecoder decoder) {
        var table = decoder.dynamicTable();
        out.printf("  dynamic table: %d entries, %d/%d bytes%n", table.length(), table.size(), table.maxSize());
        int index = 62; // RFC 7541 §2.3.3: dynamic entries follow the 61 static ones, newest first
        for (HeaderField f : table.entries()) {
            out.printf("    [%3d] (s = %3d) %s: %s%n", index++, f.size(), f.name(), f.value());
        }
    }
}
