package io.h2scope.bench.hpack.peer;

import java.util.List;

/**
 * One HPACK implementation seen through the same narrow surface, so every benchmark hands each library
 * the same bytes and the same header set. Everything that is not HPACK work (wrapping the block, building
 * the library's header object for the encoder, the output buffer) is prepared once, outside the measured
 * code; what a library allocates while decoding or encoding is its own.
 */
public interface HpackPeer {

    /** SETTINGS_HEADER_TABLE_SIZE before anything was sent (RFC 9113 §6.5.2). */
    int DEFAULT_TABLE_SIZE = 4096;

    /** Name used in the benchmark parameter {@code lib}. */
    String name();

    /** The block in the form the library decodes from (a wrapped buffer, reset before each decode). */
    Object input(byte[] block);

    /**
     * A fresh decoder for one connection direction, with the default SETTINGS_HEADER_TABLE_SIZE of 4,096;
     * {@code largestSetting} is the largest value {@link Decoder#maxTableSize} will later be given (only
     * decoders that fix the setting at construction use it).
     */
    Decoder newDecoder(int largestSetting);

    /** The header set in the library's own type, built once. */
    Object headerSet(List<Field> fields);

    /** A fresh encoder with the default 4,096-byte table, writing into a reusable output owned by this peer. */
    Encoder newEncoder();

    /** The library's decode result as comparable fields (verification only; never measured). */
    List<Field> fields(Object decoded);

    /**
     * Why the library refused a block it decoded completely (its dynamic table is up to date), or null. Only
     * Jetty does this: it rejects HTTP/1 connection-specific fields (RFC 9113 §8.2.2) as a stream error.
     */
    default String rejection(Object decoded) {
        return null;
    }

    interface Decoder {

        /**
         * A new SETTINGS_HEADER_TABLE_SIZE acknowledged by the encoder. Peers whose decoder fixes the setting at
         * construction ignore it (they are built with the story's largest value; the wire's size updates still
         * drive the table itself).
         */
        void maxTableSize(int size);

        /** Decodes one complete header block; returns what the library returns (for the blackhole). */
        Object decode(Object input) throws Exception;

        /**
         * Decodes like {@link #decode} but returns a result {@link HpackPeer#fields} can read. The same as
         * decode except for a streaming decoder, whose benchmark sink keeps no fields to compare.
         */
        default Object decodeForCheck(Object input) throws Exception {
            return decode(input);
        }
    }

    interface Encoder {

        /** Clears the output, then encodes one complete header block into it; returns the block length. */
        int encode(Object headerSet) throws Exception;

        /** A copy of the last block (verification only). */
        byte[] lastBlock();
    }

    /** All peers this build can measure, h2scope first. */
    static List<HpackPeer> all() {
        return List.of(new H2scopePeer(false), new H2scopePeer(true), new NettyPeer(), new JettyPeer(), new OkHttpPeer());
    }

    static HpackPeer named(String name) {
        return all().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown HPACK library " + name));
    }
}
