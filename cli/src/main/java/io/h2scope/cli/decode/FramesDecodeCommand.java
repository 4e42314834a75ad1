package io.h2scope.cli.decode;

import io.h2scope.cli.InputFile;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.PartialFrame;
import io.h2scope.engine.hpack.HeaderListSizeException;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.trace.FrameDescriber;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code h2scope frames decode}: parses one direction of an HTTP/2 connection (a hex dump or a
 * binary capture of the bytes) into frames, decodes header blocks with one HPACK context, and
 * reports every rule a frame breaks with its RFC section and error code, instead of stopping.
 */
@Command(name = "decode", mixinStandardHelpOptions = true,
        description = {"Decode HTTP/2 frames (RFC 9113 §4, §6) from hex or a binary file.",
                "The bytes are one direction of a connection; a leading client preface is recognised and skipped."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:all frames well formed",
                "1:at least one frame breaks a rule (each is reported), or the input ends inside a frame",
                "2:usage error (a bad option, bad hex, a --file that cannot be read)"})
public final class FramesDecodeCommand implements Callable<Integer> {

    static final byte[] CLIENT_PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    @Spec
    CommandSpec spec;

    @Option(names = "--file", paramLabel = "FILE", converter = InputFile.class,
            description = "read raw bytes from FILE instead of hex")
    Path file;

    @Option(names = "--max-frame-size", paramLabel = "BYTES", defaultValue = "16384",
            description = "SETTINGS_MAX_FRAME_SIZE of the receiver (default: ${DEFAULT-VALUE})")
    int maxFrameSize;

    @Option(names = "--table-size", paramLabel = "BYTES", defaultValue = "4096",
            description = "SETTINGS_HEADER_TABLE_SIZE for decoding header blocks (default: ${DEFAULT-VALUE})")
    int tableSize;

    @Parameters(paramLabel = "HEX", description = "the bytes in hex; with neither HEX nor --file, hex is read from stdin")
    List<String> hex;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (!FrameSizes.isValidMaxFrameSize(maxFrameSize)) {
            throw new ParameterException(spec.commandLine(), "--max-frame-size must be "
                    + FrameSizes.DEFAULT_MAX_FRAME_SIZE + ".." + FrameSizes.MAX_FRAME_SIZE_LIMIT
                    + " (RFC 9113 \u00a76.5.2), got " + maxFrameSize);
        }
        byte[] bytes = HexInput.read(hex, file, System.in);
        int start = 0;
        if (bytes.length >= CLIENT_PREFACE.length
                && Arrays.equals(bytes, 0, CLIENT_PREFACE.length, CLIENT_PREFACE, 0, CLIENT_PREFACE.length)) {
            out.println("client connection preface (RFC 9113 §3.4)");
            start = CLIENT_PREFACE.length;
        }
        Printer printer = new Printer(out, new HpackDecoder(tableSize, 1L << 20, 1 << 20));
        FrameReader reader = FrameReader.lenient(maxFrameSize);
        reader.read(ByteBuffer.wrap(bytes, start, bytes.length - start), printer);
        Optional<PartialFrame> cut = reader.partialFrame();
        cut.ifPresent(p -> out.println("  ! " + describe(p, bytes.length - p.read())
                + " (the dump was cut short, or its lengths are wrong)"));
        out.printf("%d frames, %d violations%s%n", printer.frames, printer.violations,
                cut.isPresent() ? ", the last frame incomplete" : "");
        out.flush();
        return printer.violations == 0 && cut.isEmpty() ? 0 : 1;
    }

    /** "the input ends inside a frame: 16 octets of a 17-octet frame at offset 24". */
    static String describe(PartialFrame cut, int offset) {
        return cut.inHeader()
                ? "the input ends inside a frame header: " + cut.read() + " of its " + cut.expected()
                        + " octets at offset " + offset
                : "the input ends inside a frame: " + cut.read() + " octets of a " + cut.expected()
                        + "-octet frame at offset " + offset;
    }

    /** Prints frames as they come and reassembles HEADERS/PUSH_PROMISE + CONTINUATION blocks. */
    private static final class Printer implements FrameHandler {
        private final PrintWriter out;
        private final HpackDecoder decoder;
        private final ByteArrayOutputStream block = new ByteArrayOutputStream();
        private boolean inBlock;
        int frames;
        int violations;

        Printer(PrintWriter out, HpackDecoder decoder) {
            this.out = out;
            this.decoder = decoder;
        }

        @Override
        public void onFrame(Frame frame) {
            frames++;
            out.println(FrameDescriber.line(frame));
            if (frame instanceof HeadersFrame h) {
                startBlock(h.fragment(), h.endHeaders());
            } else if (frame instanceof PushPromiseFrame p) {
                startBlock(p.fragment(), p.endHeaders());
            } else if (frame instanceof ContinuationFrame c) {
                if (!inBlock) {
                    violation("RFC 9113 \u00a76.10", "PROTOCOL_ERROR", "CONTINUATION without a preceding HEADERS or PUSH_PROMISE");
                    return;
                }
                block.writeBytes(c.fragment());
                if (c.endHeaders()) {
                    decodeBlock();
                }
            } else if (inBlock) {
                violation("RFC 9113 \u00a76.10", "PROTOCOL_ERROR",
                        FrameType.nameOf(frame.typeCode()) + " inside a header block (only CONTINUATION may follow)");
            }
        }

        @Override
        public void onViolation(FrameHeader header, Violation v) {
            frames++;
            out.printf("%-13s stream=%d length=%d (not decoded)%n", FrameType.nameOf(header.typeCode()),
                    header.streamId(), header.length());
            violation(v.spec().toString(), v.code() + " (" + v.scope().name().toLowerCase() + " error)", v.detail());
        }

        private void startBlock(byte[] fragment, boolean endHeaders) {
            block.reset();
            block.writeBytes(fragment);
            inBlock = true;
            if (endHeaders) {
                decodeBlock();
            }
        }

        private void decodeBlock() {
            inBlock = false;
            try {
                decoder.decode(block.toByteArray(), (name, value, rep, hn, hv) ->
                        out.printf("    %s: %s%n", name, value));
            } catch (HpackException e) {
                violation("RFC 7541 \u00a7" + e.section(), "COMPRESSION_ERROR", e.detail() + " at byte " + e.offset());
            } catch (HeaderListSizeException e) {
                out.printf("    (header list over the limit: %s)%n", e.getMessage());
            }
        }

        private void violation(String section, String code, String detail) {
            violations++;
            out.printf("  ! %s %s: %s%n", section, code, detail);
        }
    }
}
