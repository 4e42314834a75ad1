package io.h2scope.engine.server;

import io.h2scope.engine.core.limits.Limits;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeSet;

/**
 * Values for {@link ServerOptions}, each with where it came from, read from a config file, a
 * {@link Properties} or a command line, and put onto an {@link H2Server.Builder} with {@link #applyTo}.
 * A later value for a key replaces an earlier one ({@link #with}: a command line over a file).
 *
 * <p>The file: one {@code key = value} a line (a colon may stand for {@code =}), the keys those of
 * {@code h2scope serve}'s flags without {@code --}; blank lines and lines starting with {@code #} or
 * {@code !} are ignored; a key may appear once. See docs/SERVER.md.
 */
public final class ServerOptionValues {

    /** One value: the option, the text given, and where, as an error names it ("serve.conf:3: port = x"). */
    private record Entry(ServerOption option, String value, String where) {
    }

    private final Map<String, Entry> entries;

    private ServerOptionValues(Map<String, Entry> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    public static ServerOptionValues empty() {
        return new ServerOptionValues(new LinkedHashMap<>());
    }

    /** The settings of a config file; a line that is not {@code key = value} or names no setting is an error. */
    public static ServerOptionValues read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) { // said only "Input length = 1"
            throw new ServerOptionValuesException(file + " is not a text file (not UTF-8): give key = value lines "
                    + "(docs/SERVER.md)");
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
                continue;
            }
            String at = file + ":" + n;
            int sep = separator(line);
            if (sep < 0) {
                throw new ServerOptionValuesException(at + ": '" + line + "' is not a setting: write key = value"
                        + " (# starts a comment)");
            }
            String key = line.substring(0, sep).strip();
            String value = line.substring(sep + 1).strip();
            Integer earlier = lineOf.putIfAbsent(key, n);
            if (earlier != null) {
                throw new ServerOptionValuesException(at + ": " + key + " is given twice (first on line " + earlier
                        + "): keep one");
            }
            entries.put(key, entry(key, value, at + ": " + key + " = " + value, at + ": "));
        }
        ServerOptionValues settings = new ServerOptionValues(entries);
        settings.applyValues(new Target(H2Server.builder())); // a bad line is reported even if a flag replaces it later
        return settings;
    }

    /** The settings in {@code properties}; {@code name} says where they came from in errors. */
    public static ServerOptionValues of(Properties properties, String name) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            String value = properties.getProperty(key).strip();
            entries.put(key, entry(key, value, name + ": " + key + " = " + value, name + ": "));
        }
        return new ServerOptionValues(entries);
    }

    /** These settings with {@code key} set to {@code value}; {@code where} names it in errors, e.g. "--port 99999". */
    public ServerOptionValues with(String key, String value, String where) {
        Map<String, Entry> copy = new LinkedHashMap<>(entries);
        copy.remove(key); // the later value keeps the later position
        copy.put(key, entry(key, value, where, ""));
        return new ServerOptionValues(copy);
    }

    /** The text given for {@code key}, if any. */
    public Optional<String> value(String key) {
        return Optional.ofNullable(entries.get(key)).map(Entry::value);
    }

    /** Puts every value onto {@code builder}; the first bad one is a {@link ServerOptionValuesException}. */
    public H2Server.Builder applyTo(H2Server.Builder builder) {
        Target target = new Target(builder);
        applyValues(target);
        target.finish();
        return builder;
    }

    private void applyValues(Target target) {
        for (Entry e : entries.values()) {
            try {
                target.where = e.where();
                e.option().apply(target, e.value());
            } catch (IllegalArgumentException bad) {
                String problem = bad instanceof ServerOption.BadValue ? bad.getMessage() : "is not allowed";
                throw new ServerOptionValuesException(e.where() + " " + problem + ": give " + e.option().allowed()
                        + " (default " + e.option().defaultText() + ")");
            }
        }
    }

    private static Entry entry(String key, String value, String where, String at) {
        ServerOption option = ServerOptions.find(key).orElseThrow(() -> new ServerOptionValuesException(at
                + "unknown key '" + key + "'; did you mean '" + ServerOptions.nearest(key) + "'?"));
        return new Entry(option, value, where);
    }

    private static int separator(String line) {
        int eq = line.indexOf('=');
        int colon = line.indexOf(':');
        if (eq < 0) {
            return colon;
        }
        return colon < 0 ? eq : Math.min(eq, colon);
    }

    /** What the options write into while they are applied; {@link #finish} puts the combined ones on the builder. */
    static final class Target {

        final H2Server.Builder builder;
        final Limits.Builder limits;
        long bodyPerStream;
        long bodyPerConnection;
        long bodyPerServer;
        Boolean tls;
        Path cert;
        Path key;
        /** Where the entry being applied came from; the TLS entries keep theirs for the checks of {@link #finish}. */
        String where;
        String tlsWhere;

        Target(H2Server.Builder builder) {
            this.builder = builder;
            this.limits = builder.currentLimits().toBuilder();
            BodyBudgets budgets = builder.currentBodyBudgets();
            bodyPerStream = budgets.perStream();
            bodyPerConnection = budgets.perConnection();
            bodyPerServer = budgets.perServer();
        }

        void finish() {
            builder.limits(limits.build());
            builder.bodyBudgets(new BodyBudgets(bodyPerStream, bodyPerConnection, bodyPerServer));
            if ((cert == null) != (key == null)) {
                throw new ServerOptionValuesException(tlsWhere + ": cert and key go together: give both, or neither for"
                        + " a self-signed certificate (with tls = true)");
            }
            if (cert != null) {
                if (Boolean.FALSE.equals(tls)) {
                    throw new ServerOptionValuesException(tlsWhere + ": cert and key need TLS: remove tls = false");
                }
                builder.tls(cert, key);
            } else if (Boolean.TRUE.equals(tls)) {
                builder.tlsSelfSigned();
            } else if (Boolean.FALSE.equals(tls)) {
                builder.h2c();
            }
        }
    }
}
