package io.h2scope.bench.hpack.peer;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderSink;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.Representation;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * h2scope's own HPACK (io.h2scope.engine.hpack), in two decode flavours:
 * <ul>
 *   <li>{@code h2scope}: the streaming API, {@code decode(ByteBuffer, HeaderSink)}; the sink keeps the last name
 *       and value (so nothing can be optimised away) and builds no collection, as the engine's own consumer
 *       does not need one.</li>
 *   <li>{@code h2scope-list}: the same decoder, with a sink that collects a new {@code List<HeaderField>} per
 *       block: the like-for-like comparison with the peers, whose APIs return a header collection.</li>
 * </ul>
 * Encoding is the same in both: {@code encode(List<HeaderField>, HpackOutput)} into one reused output.
 */
final class H2scopePeer implements HpackPeer {

    private static final long MAX_HEADER_LIST_SIZE = 1 << 20;
    private static final int MAX_STRING_LENGTH = 1 << 20;

    private final boolean collect;
    private final HpackOutput output = new HpackOutput(4096);

    H2scopePeer(boolean collect) {
        this.collect = collect;
    }

    @Override
    public String name() {
        return collect ? "h2scope-list" : "h2scope";
    }

    @Override
    public Object input(byte[] block) {
        return ByteBuffer.wrap(block);
    }

    @Override
    public Decoder newDecoder(int largestSetting) {
        HpackDecoder decoder = new HpackDecoder(DEFAULT_TABLE_SIZE, MAX_HEADER_LIST_SIZE, MAX_STRING_LENGTH);
        return collect ? new ListDecoder(decoder) : new StreamingDecoder(decoder);
    }

    /** Keeps the last field: the least a consumer does, and enough that no decode work is dead code. */
    static final class LastFieldSink implements HeaderSink {
        String name;
        String value;
        int count;

        @Override
        public void onHeader(String name, String value, Representation rep, boolean huffmanName,
                             boolean huffmanValue) {
            this.name = name;
            this.value = value;
            count++;
        }
    }

    private static final class StreamingDecoder implements Decoder {
        private final HpackDecoder decoder;
        private final LastFieldSink sink = new LastFieldSink();

        StreamingDecoder(HpackDecoder decoder) {
            this.decoder = decoder;
        }

        @Override
        public void maxTableSize(int size) {
            decoder.setMaxTableSize(size);
        }

        @Override
        public Object decode(Object input) {
            ByteBuffer block = (ByteBuffer) input;
            block.position(0);
            decoder.decode(block, sink);
            return sink;
        }

        @Override
        public Object decodeForCheck(Object input) {
            return collect(decoder, (ByteBuffer) input);
        }
    }

    private static final class ListDecoder implements Decoder {
        private final HpackDecoder decoder;

        ListDecoder(HpackDecoder decoder) {
            this.decoder = decoder;
        }

        @Override
        public void maxTableSize(int size) {
            decoder.setMaxTableSize(size);
        }

        @Override
        public Object decode(Object input) {
            return collect(decoder, (ByteBuffer) input);
        }
    }

    private static List<HeaderField> collect(HpackDecoder decoder, ByteBuffer block) {
        List<HeaderField> fields = new ArrayList<>();
        block.position(0);
        decoder.decode(block, (name, value, rep, huffmanName, huffmanValue) ->
                fields.add(new HeaderField(name, value, rep == Representation.LITERAL_NEVER_INDEXED)));
        return fields;
    }

    @Override
    public Object headerSet(List<Field> fields) {
        List<HeaderField> headers = new ArrayList<>(fields.size());
        for (Field f : fields) {
            headers.add(new HeaderField(f.name(), f.value()));
        }
        return List.copyOf(headers);
    }

    @Override
    public Encoder newEncoder() {
        HpackEncoder encoder = new HpackEncoder(DEFAULT_TABLE_SIZE);
        return new Encoder() {
            @Override
            @SuppressWarnings("unchecked")
            public int encode(Object headerSet) {
                output.reset();
                encoder.encode((List<HeaderField>) headerSet, output);
                return output.size();
            }

            @Override
            public byte[] lastBlock() {
                return output.toByteArray();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Field> fields(Object decoded) {
        List<Field> fields = new ArrayList<>();
        for (HeaderField f : (List<HeaderField>) decoded) {
            fields.add(new Field(f.name(), f.value()));
        }
        return fields;
    }
}
