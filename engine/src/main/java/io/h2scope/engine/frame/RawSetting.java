package io.h2scope.engine.frame;

/**
 * One raw setting of a SETTINGS frame (RFC 9113 §6.5.1): a 16-bit identifier and a 32-bit value.
 * Unknown identifiers are kept (RFC9113 §6.5.2: the receiver "MUST ignore that setting", but the
 * inspector shows it); the settings package names and validates them.
 *
 * @param id    the identifier, 0..65535
 * @param value the unsigned value, 0..2^32-1
 */
public record RawSetting(int id, long value) {

    public RawSetting {
        if (id < 0 || id > 0xffff) {
            throw new IllegalArgumentException("setting id must be 0..65535, got " + id);
        }
        if (value < 0 || value > 0xffffffffL) {
            throw new IllegalArgumentException("setting value must be 0..2^32-1, got " + value);
        }
    }
}
