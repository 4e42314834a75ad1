package io.h2scope.engine.settings;

import java.util.Optional;

/**
 * The SETTINGS parameters h2scope knows (RFC 9113 §6.5.2, plus RFC 8441 §3 and RFC 9218 §2.1),
 * with their wire codes and initial values. Values are unsigned 32-bit, held in a {@code long}.
 * Unknown identifiers have no constant: §6.5.2 says they "MUST" be ignored.
 */
public enum SettingId {
    /** 0x1: HPACK dynamic table size the sender's decoder allows. Initial 4,096. */
    HEADER_TABLE_SIZE(0x1, 4_096),
    /** 0x2: whether the sender (a client) accepts PUSH_PROMISE. Initial 1 (for a server: no effect). */
    ENABLE_PUSH(0x2, 1),
    /** 0x3: streams the receiver may have active. Initially unlimited. */
    MAX_CONCURRENT_STREAMS(0x3, Settings.UNLIMITED),
    /** 0x4: initial stream flow-control window. Initial 65,535. */
    INITIAL_WINDOW_SIZE(0x4, 65_535),
    /** 0x5: largest frame payload the sender accepts. Initial 16,384. */
    MAX_FRAME_SIZE(0x5, 16_384),
    /** 0x6: advisory maximum field section size. Initially unlimited. */
    MAX_HEADER_LIST_SIZE(0x6, Settings.UNLIMITED),
    /** 0x8 (RFC 8441 §3): the sender accepts extended CONNECT with :protocol. Initial 0. */
    ENABLE_CONNECT_PROTOCOL(0x8, 0),
    /** 0x9 (RFC 9218 §2.1): the sender does not use RFC 7540 priorities. Initial 0. */
    NO_RFC7540_PRIORITIES(0x9, 0);

    private static final SettingId[] BY_CODE = new SettingId[0x10];

    static {
        for (SettingId id : values()) {
            BY_CODE[id.code] = id;
        }
    }

    private final int code;
    private final long initialValue;

    SettingId(int code, long initialValue) {
        this.code = code;
        this.initialValue = initialValue;
    }

    /** The 16-bit identifier on the wire. */
    public int code() {
        return code;
    }

    /** The value in force before any SETTINGS frame; {@link Settings#UNLIMITED} when the RFC sets no limit. */
    public long initialValue() {
        return initialValue;
    }

    /** The RFC's name, e.g. {@code SETTINGS_MAX_FRAME_SIZE}. */
    public String settingName() {
        return "SETTINGS_" + name();
    }

    /** The known setting for a wire identifier, or empty for an unknown one (to be ignored). */
    public static Optional<SettingId> fromCode(int code) {
        if (code >= 0 && code < BY_CODE.length) {
            return Optional.ofNullable(BY_CODE[code]);
        }
        return Optional.empty();
    }

    /** A display name for any wire identifier: {@code SETTINGS_ENABLE_PUSH}, or {@code 0xa} when unknown. */
    public static String nameOf(int code) {
        int unsigned = code & 0xffff;
        return fromCode(unsigned).map(SettingId::settingName).orElse("0x" + Integer.toHexString(unsigned));
    }
}
