package io.h2scope.cli.decode;

import io.h2scope.cli.options.InputFile;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.PartialFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http1.Http1RequestParser;
import io.h2scope.engine.observer.FirstOctets;
import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.text.FrameDescriber;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * {@code h2scope frames decode}: decodes the bytes of an HTTP/2 connection (a hex dump or a binary capture), one
 * direction or both, through {@link Http2Observer}: frames, decoded field blocks, and every rule a frame breaks
 * with its RFC section, error code and rule id, including the rules that need connection state (stream states
 * and ids, SETTINGS values, WINDOW_UPDATE increments), instead of stopping.
 */
@Command(name = "decode", mixinStandardHelpOptions = true,
        description = {"Decode HTTP/2 frames (RFC 9113 §4, §6) from hex or a binary file, checking them against the "
                + "connection's state.",
                "One input is one direction: the client's if it begins with the connection preface (or an HTTP/1.1 "
                + "request: an Upgrade: h2c start), else the server's. With --server-file or --server-hex as well, the "
                + "first input is the client's and both are decoded as one connection, its HTTP/1.1 start included "
                + "(RFC 7540 §3.2)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:all frames well formed",
                "1:at least one frame breaks a rule (each is reported), or the input ends inside a frame",
                "2:usage error (a bad option, bad hex, a --file that cannot be read, an input that is text or TLS)"})
public final class FramesDecodeCommand implements Callable<Integer> {


    @Spec
    CommandSpec spec;

    @Option(names = "--file", paramLabel = "FILE", converter = InputFile.class,
            description = "read raw bytes from FILE instead of hex")
    Path file;

    @Option(names = "--server-file", paramLabel = "FILE", converter = InputFile.class,
            description = "the server's bytes (raw), decoded with the first input as the client's")
    Path serverFile;

    @Option(names = "--server-hex", paramLabel = "HEX", description = "the server's bytes in hex (instead of --server-file)")
    String serverHex;

    @Option(names = "--max-frame-size", paramLabel = "BYTES", defaultValue = "16384",
            description = "SETTINGS_MAX_FRAME_SIZE of the receiver (default: ${DEFAULT-VALUE}); SETTINGS seen change it")
    int maxFrameSize;

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
        byte[] first = HexInput.read(hex, file, System.in);
        boolean both = serverFile != null || serverHex != null;
        byte[] server = both ? HexInput.read(serverHex == null ? null : List.of(serverHex), serverFile, null) : null;
        boolean clientStart = Preface.isPrefixOf(first) || startsWithRequestLine(first);
        boolean client = both || clientStart;
        if (!clientStart) {
            requireOctets(first, both ? "the client's input" : "the input");
        }
        if (both) {
            requireOctets(server, "the server's input");
        }
        if (client) {
            out.println("client connection preface (RFC 9113 §3.4)");
        }
        Printer printer = new Printer(out, both);
        // seen from the endpoint that receives the first input, so its frames are checked as received
        Http2Observer observer = new Http2Observer(client ? Role.SERVER : Role.CLIENT, 0, printer, 0);
        observer.setReceiveMaxFrameSize(maxFrameSize);
        if (client) {
            observer.clientBytes(ByteBuffer.wrap(first), 0);
        } else {
            observer.serverBytes(ByteBuffer.wrap(first), 0);
        }
        if (both) {
            observer.serverBytes(ByteBuffer.wrap(server), 0);
        }
        printer.flush();
        List<String> cuts = new ArrayList<>();
        cut(observer.partialFrame(client), first.length, both ? "client" : null, cuts);
        if (both) {
            cut(observer.partialFrame(false), server.length, "server", cuts);
        }
        cuts.forEach(c -> out.println("  ! " + c + " (the dump was cut short, or its lengths are wrong)"));
        observer.notHttp2().ifPresent(why -> out.println("no HTTP/2 past the HTTP/1.1 start: " + why));
        out.printf("%d frames, %d violations%s%n", printer.frames, observer.violations(),
                cuts.isEmpty() ? "" : ", the last frame incomplete");
        out.flush();
        return observer.violations() == 0 && cuts.isEmpty() ? 0 : 1;
    }

    /**
     * A dump that is text (a file of notes, hex given to --file) or TLS (a capture not decrypted) is said to be so,
     * not read as frames of absurd lengths: what a dump must begin with comes with it.
     */
    private static void requireOctets(byte[] bytes, String which) {
        if (bytes.length == 0) {
            return;
        }
        FirstOctets.Kind kind = FirstOctets.of(bytes, bytes.length);
        if (kind == FirstOctets.Kind.TEXT || kind == FirstOctets.Kind.TLS) {
            throw new IllegalArgumentException(which + " is " + FirstOctets.describe(bytes, bytes.length)
                    + ", not the octets of an HTTP/2 connection: a dump begins with the client's connection preface "
                    + "(PRI * HTTP/2.0), an HTTP/1.1 request or the server's frames (RFC 9113 §3.4); --file takes raw "
                    + "octets (hex goes as arguments or on stdin), and TLS must be decrypted first");
        }
    }

    /** An HTTP/1.1 request line's start ("GET /"): the client's side of an {@code Upgrade: h2c} connection. */
    private static boolean startsWithRequestLine(byte[] bytes) {
        int end = 0;
        while (end < bytes.length && end < 64 && bytes[end] != '\r' && bytes[end] != '\n') {
            end++;
        }
        return end < bytes.length && Http1RequestParser.mayBeginRequestLine(Arrays.copyOf(bytes, end));
    }

    private static void cut(Optional<PartialFrame> partial, int length, String who, List<String> cuts) {
        partial.ifPresent(p -> cuts.add((who == null ? "" : who + ": ") + describe(p, length - p.read())));
    }

    /** "the input ends inside a frame: 16 octets of a 17-octet frame at offset 24". */
    static String describe(PartialFrame cut, int offset) {
        return cut.inHeader()
                ? "the input ends inside a frame header: " + cut.read() + " of its " + cut.expected()
                        + " octets at offset " + offset
                : "the input ends inside a frame: " + cut.read() + " octets of a " + cut.expected()
                        + "-octet frame at offset " + offset;
    }

    /**
     * Prints the observer's frames with their decoded fields, each followed by the rules it broke. A violation
     * comes before its frame's event (the frame's effects are checked first), so it waits for it; one whose
     * frame could not be decoded at all is printed with its header alone.
     */
    private static final class Printer implements TraceSink {
        private final PrintWriter out;
        private final boolean labelled;
        private final List<ViolationReceived> held = new ArrayList<>();
        int frames;

        Printer(PrintWriter out, boolean labelled) {
            this.out = out;
            this.labelled = labelled;
        }

        @Override
        public void onEvent(TraceEvent event) {
            if (event instanceof ViolationReceived v) {
                if (!held.isEmpty() && held.get(0).header() != v.header()) {
                    flush();
                }
                held.add(v);
            } else if (event instanceof FrameEvent f) {
                if (!held.isEmpty() && held.get(0).header() != f.header()) {
                    flush();
                }
                frames++;
                out.println(label(f.direction()) + FrameDescriber.line(f.frame()));
                for (HeaderField field : f.headers()) {
                    out.printf("    %s: %s%n", field.name(), field.value());
                }
                printHeld();
            } else if (event instanceof Http1Head h) {
                http1Head(h);
            }
        }

        /** The HTTP/1.1 heads of an Upgrade: h2c start; the observer sees from the server, so "sent" is the server's. */
        private void http1Head(Http1Head h) {
            flush();
            List<String> lines = h.head().lines().toList();
            out.println(label(h.sent() ? Direction.OUTBOUND : Direction.INBOUND) + lines.get(0));
            lines.stream().skip(1).forEach(line -> out.println("    " + line));
        }

        /** Violations whose frame was not delivered. */
        void flush() {
            if (held.isEmpty()) {
                return;
            }
            FrameHeader h = held.get(0).header();
            if (h.length() > 0 || h.typeCode() > 0 || h.streamId() > 0) {
                frames++;
                out.printf("%-13s stream=%d length=%d (not decoded)%n", FrameType.nameOf(h.typeCode()), h.streamId(),
                        h.length());
            }
            printHeld();
        }

        private void printHeld() {
            for (ViolationReceived v : held) {
                Violation violation = v.violation();
                out.printf("  ! %s %s (%s error): %s [rule %s]%n", violation.spec(), violation.code(),
                        violation.scope().name().toLowerCase(java.util.Locale.ROOT), violation.detail(), v.ruleId());
            }
            held.clear();
        }

        private String label(Direction direction) {
            return labelled ? (direction == Direction.INBOUND ? "client> " : "server> ") : "";
        }
    }
}
