package io.h2scope.engine.console;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.HexText;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.settings.SettingId;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console's command words, one line a command: the one place they are read (the terminal console and the
 * inspector's send box both parse here). Frames are built as typed, with no RFC check, so a line can break any rule
 * on purpose; only what cannot be put on the wire at all (a stream id over 31 bits, a PING of 9 octets) is refused,
 * with a one-line {@link IllegalArgumentException} naming the command and its usage.
 */
public final class ConsoleParser {

    /** Each command's usage and what it does, in the order {@code help} lists them. */
    private static final Map<String, String[]> COMMANDS = new LinkedHashMap<>();

    static {
        command("settings", "settings [ID=VALUE ...] | settings ack", "SETTINGS (ids by name, e.g. MAX_FRAME_SIZE, or number)");
        command("ping", "ping [ack] [TEXT|0xHEX]", "PING with up to 8 octets of opaque data");
        command("headers", "headers [STREAM] [end] [NAME: VALUE; ...]",
                "HEADERS (END_HEADERS); with no pseudo-header, a GET of / is filled in; STREAM: the next odd id");
        command("get", "get PATH", "HEADERS of a GET of PATH with END_STREAM, on the next odd stream");
        command("data", "data STREAM [end] TEXT", "DATA carrying TEXT (UTF-8)");
        command("rst", "rst STREAM CODE", "RST_STREAM (CODE by name, e.g. CANCEL, or number)");
        command("goaway", "goaway [LAST] CODE [DEBUG]", "GOAWAY (LAST defaults to 0)");
        command("window", "window [STREAM] INCREMENT", "WINDOW_UPDATE (no STREAM: the connection)");
        command("priority", "priority STREAM DEPENDENCY WEIGHT [exclusive]", "PRIORITY (WEIGHT 1..256)");
        command("raw", "raw HEX", "octets as they are (spaces, colons and 0x ignored)");
        command("wait", "wait [MS]", "print what the peer sends for MS milliseconds");
        command("help", "help", "this list");
        command("quit", "quit", "close the connection and end");
    }

    private final String scheme;
    private final String authority;
    private final Duration defaultWait;
    private long pings;

    /**
     * @param scheme      the {@code :scheme} a filled-in request carries ({@code http}, {@code https})
     * @param authority   its {@code :authority} ({@code host:port})
     * @param defaultWait what {@code wait} without MS waits
     */
    public ConsoleParser(String scheme, String authority, Duration defaultWait) {
        this.scheme = scheme;
        this.authority = authority;
        this.defaultWait = defaultWait;
    }

    private static void command(String name, String usage, String what) {
        COMMANDS.put(name, new String[] {usage, what});
    }

    /** The command list, one line a command: usage, then what it sends. */
    public static List<String> help() {
        List<String> lines = new ArrayList<>();
        COMMANDS.values().forEach(c -> lines.add(String.format("  %-48s %s", c[0], c[1])));
        return lines;
    }

    /** @throws IllegalArgumentException {@code ping: ... (usage: ping [ack] [TEXT|0xHEX])} for a line that is no command */
    public ConsoleAction parse(String line) {
        Words words = new Words(line.strip());
        String name = words.next();
        if (name == null || name.startsWith("#")) {
            return new ConsoleAction.Nothing();
        }
        name = name.toLowerCase(Locale.ROOT);
        if (!COMMANDS.containsKey(name)) {
            throw new IllegalArgumentException("unknown command '" + name + "': the commands are "
                    + String.join(", ", COMMANDS.keySet()) + " ('help' shows their arguments)");
        }
        try {
            return parse(name, words);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage() + " (usage: " + COMMANDS.get(name)[0] + ")", e);
        }
    }

    private ConsoleAction parse(String name, Words words) {
        ConsoleAction command = switch (name) {
            case "settings" -> settings(words);
            case "ping" -> ping(words);
            case "headers" -> headers(words);
            case "get" -> new ConsoleAction.SendHeaders(0, true, request(words.required("PATH")));
            case "data" -> data(words);
            case "rst" -> new ConsoleAction.SendFrame(RstStreamFrame.of(stream(words.required("STREAM")),
                    (int) ErrorCode.parse(words.required("CODE"))));
            case "goaway" -> goAway(words);
            case "window" -> window(words);
            case "priority" -> priority(words);
            case "raw" -> new ConsoleAction.SendOctets(HexText.parse(words.required("HEX") + " " + words.rest()));
            case "wait" -> new ConsoleAction.Wait(words.hasNext() ? Duration.ofMillis(number("MS", words.next(), Integer.MAX_VALUE)) : defaultWait);
            case "help" -> new ConsoleAction.Help();
            default -> new ConsoleAction.Quit();
        };
        if (words.hasNext()) {
            throw new IllegalArgumentException("unexpected '" + words.rest() + "'");
        }
        return command;
    }

    private static ConsoleAction settings(Words words) {
        if ("ack".equalsIgnoreCase(words.peek())) {
            words.next();
            return new ConsoleAction.SendFrame(SettingsFrame.ackFrame());
        }
        List<RawSetting> settings = new ArrayList<>();
        while (words.hasNext()) {
            String pair = words.next();
            int equals = pair.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("'" + pair + "' is not ID=VALUE");
            }
            settings.add(new RawSetting(settingId(pair.substring(0, equals)),
                    number("VALUE", pair.substring(equals + 1), 0xffffffffL)));
        }
        return new ConsoleAction.SendFrame(SettingsFrame.of(settings));
    }

    private static int settingId(String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        for (SettingId id : SettingId.values()) {
            if (upper.equals(id.name()) || upper.equals(id.settingName())) {
                return id.code();
            }
        }
        if (!Character.isDigit(text.charAt(0))) {
            throw new IllegalArgumentException("unknown setting '" + text + "': give a name ("
                    + String.join(", ", java.util.Arrays.stream(SettingId.values()).map(Enum::name).toList())
                    + ") or a number 0..0xffff");
        }
        return (int) number("ID", text, 0xffff);
    }

    private ConsoleAction ping(Words words) {
        boolean ack = "ack".equalsIgnoreCase(words.peek());
        if (ack) {
            words.next();
        }
        long opaque;
        if (!words.hasNext()) {
            opaque = ++pings;
        } else {
            String data = words.next();
            opaque = data.startsWith("0x") || data.startsWith("0X") ? number("DATA", data, -1L) : text8(data);
        }
        return new ConsoleAction.SendFrame(ack ? PingFrame.ackOf(opaque) : PingFrame.of(opaque));
    }

    /** Up to 8 octets of text, left-aligned and zero-filled, as a PING's opaque data. */
    private static long text8(String text) {
        byte[] octets = text.getBytes(StandardCharsets.UTF_8);
        if (octets.length > PingFrame.LENGTH) {
            throw new IllegalArgumentException("DATA is 8 octets at most, got " + octets.length + " ('" + text + "')");
        }
        long value = 0;
        for (int i = 0; i < PingFrame.LENGTH; i++) {
            value = value << 8 | (i < octets.length ? octets[i] & 0xff : 0);
        }
        return value;
    }

    private ConsoleAction headers(Words words) {
        int streamId = words.hasNext() && Character.isDigit(words.peek().charAt(0)) ? stream(words.next()) : 0;
        boolean end = "end".equalsIgnoreCase(words.peek());
        if (end) {
            words.next();
        }
        List<HeaderField> fields = fields(words.rest());
        if (fields.stream().noneMatch(f -> f.name().startsWith(":"))) {
            List<HeaderField> request = request("/");
            request.addAll(fields);
            fields = request;
        }
        return new ConsoleAction.SendHeaders(streamId, end, fields);
    }

    /** {@code NAME: VALUE; NAME: VALUE}, a {@code ;} inside a value written {@code \;}. */
    private static List<HeaderField> fields(String text) {
        List<HeaderField> fields = new ArrayList<>();
        for (String part : text.split("(?<!\\\\);")) {
            String field = part.strip().replace("\\;", ";");
            if (field.isEmpty()) {
                continue;
            }
            int colon = field.indexOf(':', 1); // a pseudo-header's name begins with ':'
            if (colon < 0) {
                throw new IllegalArgumentException("'" + field + "' is not NAME: VALUE");
            }
            fields.add(new HeaderField(field.substring(0, colon).strip(), field.substring(colon + 1).strip()));
        }
        return fields;
    }

    /** The pseudo-header fields of a GET of {@code path} to the console's peer. */
    private List<HeaderField> request(String path) {
        return new ArrayList<>(List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", scheme),
                new HeaderField(":authority", authority), new HeaderField(":path", path)));
    }

    private static ConsoleAction data(Words words) {
        int streamId = stream(words.required("STREAM"));
        boolean end = "end".equalsIgnoreCase(words.peek());
        if (end) {
            words.next();
        }
        byte[] text = words.rest().getBytes(StandardCharsets.UTF_8);
        return new ConsoleAction.SendFrame(DataFrame.of(streamId, text, end));
    }

    private static ConsoleAction goAway(Words words) {
        String first = words.required("CODE");
        int last = 0;
        String code = first;
        if (words.hasNext() && Character.isDigit(first.charAt(0)) && isErrorCode(words.peek())) {
            last = stream(first);
            code = words.next();
        }
        byte[] debug = words.rest().getBytes(StandardCharsets.UTF_8);
        return new ConsoleAction.SendFrame(GoAwayFrame.of(last, (int) ErrorCode.parse(code), debug));
    }

    private static boolean isErrorCode(String text) {
        try {
            ErrorCode.parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static ConsoleAction window(Words words) {
        String first = words.required("INCREMENT");
        if (!words.hasNext()) {
            return new ConsoleAction.SendFrame(WindowUpdateFrame.of(0, stream(first)));
        }
        return new ConsoleAction.SendFrame(WindowUpdateFrame.of(stream(first), (int) number("INCREMENT", words.next(),
                Integer.MAX_VALUE)));
    }

    private static ConsoleAction priority(Words words) {
        int streamId = stream(words.required("STREAM"));
        int dependency = stream(words.required("DEPENDENCY"));
        int weight = (int) number("WEIGHT", words.required("WEIGHT"), 256);
        boolean exclusive = "exclusive".equalsIgnoreCase(words.peek());
        if (exclusive) {
            words.next();
        }
        return new ConsoleAction.SendFrame(PriorityFrame.of(streamId, new Priority(dependency, exclusive, weight)));
    }

    private static int stream(String text) {
        return (int) number("STREAM", text, Integer.MAX_VALUE);
    }

    /** A decimal or {@code 0x} number from 0 to {@code max}; a {@code max} of -1: any 64 bits (hex only). */
    private static long number(String what, String text, long max) {
        try {
            long value = text.startsWith("0x") || text.startsWith("0X") ? Long.parseUnsignedLong(text.substring(2), 16)
                    : Long.parseLong(text);
            if (max == -1 || (value >= 0 && value <= max)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(what + " must be a number from 0 to " + (max == -1 ? "0xffffffffffffffff" : max)
                + ", got '" + text + "'");
    }

    /** The words of a line, and the rest of it as typed (a DATA text, a GOAWAY debug). */
    private static final class Words {
        private final String line;
        private int at;

        Words(String line) {
            this.line = line;
        }

        boolean hasNext() {
            skipSpaces();
            return at < line.length();
        }

        String peek() {
            int mark = at;
            String word = next();
            at = mark;
            return word;
        }

        String next() {
            if (!hasNext()) {
                return null;
            }
            int start = at;
            while (at < line.length() && !Character.isWhitespace(line.charAt(at))) {
                at++;
            }
            return line.substring(start, at);
        }

        String required(String what) {
            String word = next();
            if (word == null) {
                throw new IllegalArgumentException(what + " is missing");
            }
            return word;
        }

        /** The rest of the line as typed, taken. */
        String rest() {
            skipSpaces();
            String rest = line.substring(at);
            at = line.length();
            return rest;
        }

        private void skipSpaces() {
            while (at < line.length() && Character.isWhitespace(line.charAt(at))) {
                at++;
            }
        }
    }
}
