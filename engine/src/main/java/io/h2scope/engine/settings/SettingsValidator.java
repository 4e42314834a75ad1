package io.h2scope.engine.settings;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.stream.Role;
import java.util.Objects;
import java.util.Optional;

/**
 * Checks each received (identifier, value) pair of a SETTINGS frame against RFC 9113 §6.5.2.
 * The receiver's role matters: a client must reject ENABLE_PUSH=1 from a server.
 *
 * <p>RFC 8441 and RFC 9218 settings: their errors cite RFC 9113 §6.5 ("A badly formed ...
 * SETTINGS frame MUST be treated as a connection error ... PROTOCOL_ERROR") because
 * {@link SpecRef} does not name those RFCs; the detail names the extension's own section.
 */
public final class SettingsValidator {

    private static final long MAX_WINDOW = 0x7fff_ffffL;
    private static final long MIN_FRAME_SIZE = 16_384;
    private static final long MAX_FRAME_SIZE = 16_777_215;

    private final Role receiver;

    /** A validator for settings received by an endpoint of role {@code receiver}. */
    public SettingsValidator(Role receiver) {
        this.receiver = Objects.requireNonNull(receiver, "receiver");
    }

    /**
     * Validates one received setting. Returns the known identifier to apply, or empty for an
     * unknown one, which the caller ignores.
     *
     * @param id    the 16-bit identifier (0..65535)
     * @param value the unsigned 32-bit value (0..2^32-1)
     * @throws ConnectionError when the value breaks a rule of §6.5.2
     */
    public Optional<SettingId> validate(int id, long value) {
        if (value < 0 || value > Settings.MAX_WIRE_VALUE) {
            throw new IllegalArgumentException("a setting value is unsigned 32-bit, got " + value);
        }
        Optional<SettingId> known = SettingId.fromCode(id);
        if (known.isEmpty()) {
            // RFC9113 §6.5.2: "An endpoint that receives a SETTINGS frame with any unknown or unsupported identifier MUST ignore that setting"
            return known;
        }
        SettingId setting = known.get();
        ConnectionError range = rangeError(setting, value);
        if (range != null) {
            throw range;
        }
        if (setting == SettingId.ENABLE_PUSH && value == 1 && receiver == Role.CLIENT) {
            // RFC9113 §6.5.2: "A client MUST treat receipt of a SETTINGS frame with SETTINGS_ENABLE_PUSH set to 1 as a connection error ... PROTOCOL_ERROR"
            throw H2Errors.connection(SettingsRule.ENABLE_PUSH_FROM_SERVER,
                    "a server sent SETTINGS_ENABLE_PUSH=1");
        }
        return known;
    }

    /** Checks a value we are about to advertise; a forbidden one is our bug. */
    static void checkOwn(SettingId setting, long value) {
        if (value == Settings.UNLIMITED && Settings.mayBeUnlimited(setting)) {
            return;
        }
        Settings.checkUnsigned32(setting, value);
        ConnectionError range = rangeError(setting, value);
        if (range != null) {
            throw new IllegalArgumentException(range.getMessage());
        }
    }

    /** The error for a value outside its RFC range, or null. Role-independent. */
    private static ConnectionError rangeError(SettingId setting, long value) {
        return switch (setting) {
            // RFC9113 §6.5.2: ENABLE_PUSH "Any value other than 0 or 1 MUST be treated as a connection error ... PROTOCOL_ERROR"
            case ENABLE_PUSH -> value > 1 ? H2Errors.connection(SettingsRule.ENABLE_PUSH_NOT_0_OR_1,
                    "SETTINGS_ENABLE_PUSH must be 0 or 1, got " + value) : null;
            // RFC9113 §6.5.2: INITIAL_WINDOW_SIZE "Values above the maximum flow-control window size of 2^31-1 MUST be treated as a connection error ... FLOW_CONTROL_ERROR"
            case INITIAL_WINDOW_SIZE -> value > MAX_WINDOW ? H2Errors.connection(SettingsRule.INITIAL_WINDOW_SIZE_TOO_LARGE,
                    "SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1: " + value) : null;
            // RFC9113 §6.5.2: MAX_FRAME_SIZE "MUST be between this initial value and ... 16,777,215 ... Values outside this range MUST be treated as a connection error ... PROTOCOL_ERROR"
            case MAX_FRAME_SIZE -> value < MIN_FRAME_SIZE || value > MAX_FRAME_SIZE
                    ? H2Errors.connection(SettingsRule.MAX_FRAME_SIZE_OUT_OF_RANGE,
                            "SETTINGS_MAX_FRAME_SIZE must be 16384..16777215, got " + value)
                    : null;
            // RFC 8441 §3: "The value of the parameter MUST be 0 or 1"
            case ENABLE_CONNECT_PROTOCOL -> value > 1 ? H2Errors.connection(SettingsRule.ENABLE_CONNECT_PROTOCOL_NOT_0_OR_1,
                    "SETTINGS_ENABLE_CONNECT_PROTOCOL must be 0 or 1 (RFC 8441 \u00a73), got " + value) : null;
            // RFC 9218 §2.1: "Any value other than 0 or 1 MUST be treated as a connection error ... PROTOCOL_ERROR"
            case NO_RFC7540_PRIORITIES -> value > 1 ? H2Errors.connection(SettingsRule.NO_RFC7540_PRIORITIES_NOT_0_OR_1,
                    "SETTINGS_NO_RFC7540_PRIORITIES must be 0 or 1 (RFC 9218 \u00a72.1), got " + value) : null;
            // RFC9113 §6.5.2: any 32-bit value is valid for HEADER_TABLE_SIZE, MAX_CONCURRENT_STREAMS, MAX_HEADER_LIST_SIZE
            case HEADER_TABLE_SIZE, MAX_CONCURRENT_STREAMS, MAX_HEADER_LIST_SIZE -> null;
        };
    }
}
