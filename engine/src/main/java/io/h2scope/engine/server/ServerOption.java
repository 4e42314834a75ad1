package io.h2scope.engine.server;

/**
 * One setting of a server as a config file and {@code h2scope serve} name it: its key (the command-line flag
 * without {@code --}), the kind of value, its default, what it may be and what it does. The list is
 * {@link ServerOptions#all()}.
 */
public final class ServerOption {

    /** Parses a value and puts it onto the server being configured; a bad value throws {@link BadValue}. */
    @FunctionalInterface
    interface Apply {
        void apply(ServerOptionValues.Target target, String value);
    }

    /** A value this option refuses: {@code problem} says how, e.g. "is not a duration", "is not allowed". */
    static final class BadValue extends IllegalArgumentException {
        BadValue(String problem) {
            super(problem);
        }
    }

    private final String key;
    private final String label;
    private final String defaultText;
    private final String allowed;
    private final String summary;
    private final Apply apply;

    ServerOption(String key, String label, String defaultText, String allowed, String summary, Apply apply) {
        this.key = key;
        this.label = label;
        this.defaultText = defaultText;
        this.allowed = allowed;
        this.summary = summary;
        this.apply = apply;
    }

    /** e.g. {@code max-connections}: the key in a config file, {@code --max-connections} on the command line. */
    public String key() {
        return key;
    }

    /** The kind of value, as --help shows it: N, BYTES, DURATION, ADDR, FILE, true|false. */
    public String label() {
        return label;
    }

    /** The default, as it would be written (e.g. "10s", "1000"), or a phrase when it depends on the machine. */
    public String defaultText() {
        return defaultText;
    }

    /** What may be given, e.g. ">= 1", ">= 0 (0 = off)", "0..65535". */
    public String allowed() {
        return allowed;
    }

    /** What the setting bounds and what happens over it, in one line. */
    public String summary() {
        return summary;
    }

    void apply(ServerOptionValues.Target target, String value) {
        apply.apply(target, value);
    }
}
