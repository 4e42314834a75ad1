package io.h2scope.engine.settings;

import java.util.Arrays;
import java.util.Objects;

/**
 * One endpoint's SETTINGS values, immutable. Starts from the RFC initial values
 * ({@link #DEFAULTS}); {@link #apply} returns a copy with one value replaced, as RFC 9113 §6.5
 * says: "Each parameter in a SETTINGS frame replaces any existing value for that parameter".
 *
 * <p>Values are not range-checked here beyond unsigned 32 bits: received values go through
 * {@link SettingsValidator} first, and our own through {@link Builder}, which checks them too.
 */
public final class Settings {

    /** "No limit" (MAX_CONCURRENT_STREAMS and MAX_HEADER_LIST_SIZE initially): above every 32-bit value. */
    public static final long UNLIMITED = Long.MAX_VALUE;
    /** The largest value a setting can carry on the wire. */
    public static final long MAX_WIRE_VALUE = 0xffff_ffffL;

    /** A value as text says it: {@code unlimited} for {@link #UNLIMITED}, else the number. */
    public static String text(long value) {
        return value == UNLIMITED ? "unlimited" : Long.toString(value);
    }

    private static final SettingId[] IDS = SettingId.values();

    /** The RFC initial values of every setting. */
    public static final Settings DEFAULTS = new Settings(initialValues());

    private final long[] values;

    private Settings(long[] values) {
        this.values = values;
    }

    public static Builder builder() {
        return new Builder(DEFAULTS);
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The value of a setting, possibly {@link #UNLIMITED}. */
    public long get(SettingId id) {
        return values[id.ordinal()];
    }

    /** A copy with {@code id} set to {@code value} (unsigned 32-bit). */
    public Settings apply(SettingId id, long value) {
        Objects.requireNonNull(id, "id");
        if (value != UNLIMITED || !mayBeUnlimited(id)) {
            checkUnsigned32(id, value);
        }
        if (values[id.ordinal()] == value) {
            return this;
        }
        long[] copy = values.clone();
        copy[id.ordinal()] = value;
        return new Settings(copy);
    }

    /** A copy with one setting applied. */
    public Settings apply(Setting setting) {
        return apply(setting.id(), setting.value());
    }

    public long headerTableSize() {
        return get(SettingId.HEADER_TABLE_SIZE);
    }

    public boolean enablePush() {
        return get(SettingId.ENABLE_PUSH) == 1;
    }

    public long maxConcurrentStreams() {
        return get(SettingId.MAX_CONCURRENT_STREAMS);
    }

    /** Fits in an int once validated (at most 2^31-1, §6.5.2). */
    public int initialWindowSize() {
        return (int) Math.min(Integer.MAX_VALUE, get(SettingId.INITIAL_WINDOW_SIZE));
    }

    /** Fits in an int once validated (at most 2^24-1, §6.5.2). */
    public int maxFrameSize() {
        return (int) Math.min(Integer.MAX_VALUE, get(SettingId.MAX_FRAME_SIZE));
    }

    public long maxHeaderListSize() {
        return get(SettingId.MAX_HEADER_LIST_SIZE);
    }

    public boolean enableConnectProtocol() {
        return get(SettingId.ENABLE_CONNECT_PROTOCOL) == 1;
    }

    public boolean noRfc7540Priorities() {
        return get(SettingId.NO_RFC7540_PRIORITIES) == 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Settings other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** Every setting by RFC name, e.g. {@code SETTINGS_MAX_CONCURRENT_STREAMS=unlimited}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Settings{");
        for (SettingId id : IDS) {
            long v = values[id.ordinal()];
            sb.append(id.ordinal() == 0 ? "" : ", ").append(id.settingName()).append('=')
                    .append(v == UNLIMITED ? "unlimited" : Long.toString(v));
        }
        return sb.append('}').toString();
    }

    /** Whether the RFC's initial value for {@code id} is "no limit". */
    static boolean mayBeUnlimited(SettingId id) {
        return id == SettingId.MAX_CONCURRENT_STREAMS || id == SettingId.MAX_HEADER_LIST_SIZE;
    }

    static void checkUnsigned32(SettingId id, long value) {
        if (value < 0 || value > MAX_WIRE_VALUE) {
            throw new IllegalArgumentException(id.settingName() + " must be an unsigned 32-bit value, got " + value);
        }
    }

    private static long[] initialValues() {
        long[] v = new long[IDS.length];
        for (SettingId id : IDS) {
            v[id.ordinal()] = id.initialValue();
        }
        return v;
    }

    /** Builds our own settings; each value is checked against the RFC ranges as it is set. */
    public static final class Builder {

        private Settings current;

        private Builder(Settings start) {
            this.current = start;
        }

        /** Sets one value; a value the RFC forbids is an {@link IllegalArgumentException} naming the rule. */
        public Builder set(SettingId id, long value) {
            SettingsValidator.checkOwn(id, value);
            current = current.apply(id, value);
            return this;
        }

        public Builder headerTableSize(long v) {
            return set(SettingId.HEADER_TABLE_SIZE, v);
        }

        public Builder enablePush(boolean v) {
            return set(SettingId.ENABLE_PUSH, v ? 1 : 0);
        }

        public Builder maxConcurrentStreams(long v) {
            return set(SettingId.MAX_CONCURRENT_STREAMS, v);
        }

        public Builder initialWindowSize(long v) {
            return set(SettingId.INITIAL_WINDOW_SIZE, v);
        }

        public Builder maxFrameSize(long v) {
            return set(SettingId.MAX_FRAME_SIZE, v);
        }

        public Builder maxHeaderListSize(long v) {
            return set(SettingId.MAX_HEADER_LIST_SIZE, v);
        }

        public Builder enableConnectProtocol(boolean v) {
            return set(SettingId.ENABLE_CONNECT_PROTOCOL, v ? 1 : 0);
        }

        public Builder noRfc7540Priorities(boolean v) {
            return set(SettingId.NO_RFC7540_PRIORITIES, v ? 1 : 0);
        }

        public Settings build() {
            return current;
        }
    }
}
