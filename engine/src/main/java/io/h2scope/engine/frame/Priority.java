package io.h2scope.engine.frame;

/**
 * The priority fields of PRIORITY and HEADERS frames (RFC 9113 §6.3, §6.2). RFC 9113 §5.3.2
 * deprecates this scheme, but frames still carry the fields and must round-trip.
 *
 * @param dependency the 31-bit Stream Dependency
 * @param exclusive  the Exclusive bit
 * @param weight     the weight 1..256 (the wire byte plus one, RFC 7540 §5.3.2)
 */
public record Priority(int dependency, boolean exclusive, int weight) {

    /** RFC 7540 §5.3.5: the default priority, non-exclusive on stream 0 with weight 16. */
    public static final Priority DEFAULT = new Priority(0, false, 16);

    public Priority {
        Args.checkStreamId("stream dependency", dependency);
        if (weight < 1 || weight > 256) {
            throw new IllegalArgumentException("weight must be 1..256, got " + weight);
        }
    }

    /** Decodes the 32-bit Exclusive + Stream Dependency word and the Weight byte. */
    public static Priority fromWire(int dependencyWord, int weightByte) {
        return new Priority(dependencyWord & FrameSizes.MAX_STREAM_ID, dependencyWord < 0, (weightByte & 0xff) + 1);
    }

    /** The 32-bit word on the wire: Exclusive in the top bit, then the dependency. */
    public int dependencyWord() {
        return exclusive ? dependency | FrameSizes.RESERVED_BIT : dependency;
    }

    /** The Weight byte on the wire (weight minus one). */
    public int wireWeight() {
        return weight - 1;
    }
}
