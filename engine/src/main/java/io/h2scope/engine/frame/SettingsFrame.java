package io.h2scope.engine.frame;

import java.util.List;

/**
 * SETTINGS (RFC 9113 §6.5), always on stream 0:
 * <pre>
 * SETTINGS Frame {
 *   Length (24), Type (8) = 0x04,
 *   Unused Flags (7), ACK Flag (1),
 *   Reserved (1), Stream Identifier (31) = 0,
 *   Setting (48) ...,
 * }
 * </pre>
 * The settings are kept raw and in order (RFC9113 §6.5.3: "processed in the order they appear"),
 * unknown identifiers and repeats included; the settings package validates the values.
 *
 * @param flags    raw flags
 * @param settings the settings, in wire order (an unmodifiable copy)
 */
public record SettingsFrame(int flags, List<RawSetting> settings) implements Frame {

    /** RFC9113 §6.5.1: each setting is a 16-bit identifier and a 32-bit value. */
    public static final int SETTING_LENGTH = 6;

    private static final SettingsFrame ACK_FRAME = new SettingsFrame(Flags.ACK, List.of());

    public SettingsFrame {
        Args.checkByte("flags", flags);
        settings = List.copyOf(Args.notNull("settings", settings));
    }

    public static SettingsFrame of(List<RawSetting> settings) {
        return new SettingsFrame(0, settings);
    }

    public static SettingsFrame of(RawSetting... settings) {
        return new SettingsFrame(0, List.of(settings));
    }

    /** The acknowledgement: ACK set, empty payload. */
    public static SettingsFrame ackFrame() {
        return ACK_FRAME;
    }

    public boolean ack() {
        return hasFlag(Flags.ACK);
    }

    @Override
    public int streamId() {
        return 0;
    }

    @Override
    public int typeCode() {
        return FrameType.SETTINGS.code();
    }

    @Override
    public int payloadLength() {
        return settings.size() * SETTING_LENGTH;
    }
}
