package io.h2scope.bench.hpack.peer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import okhttp3.internal.http2.Header;
import okhttp3.internal.http2.Hpack;
import okio.Buffer;

/**
 * OkHttp 5's Hpack.Reader and Hpack.Writer (public Kotlin classes in the okhttp-jvm jar, called directly).
 * The Reader pulls from an okio source, so each decode first copies the block into an okio Buffer, as
 * OkHttp's frame reader has the bytes in one; the Writer appends to an okio Buffer that is cleared per block.
 * The Reader's SETTINGS_HEADER_TABLE_SIZE is fixed at construction: it gets the story's largest value,
 * and starts with the default 4,096-byte table as the encoder assumes.
 */
final class OkHttpPeer implements HpackPeer {

    private final Buffer output = new Buffer();

    @Override
    public String name() {
        return "okhttp";
    }

    @Override
    public Object input(byte[] block) {
        return block;
    }

    @Override
    public Decoder newDecoder(int largestSetting) {
        Buffer source = new Buffer();
        Hpack.Reader reader = new Hpack.Reader(source, largestSetting, DEFAULT_TABLE_SIZE);
        return new Decoder() {
            @Override
            public void maxTableSize(int size) {
                // fixed at construction, see the class comment
            }

            @Override
            public Object decode(Object input) throws IOException {
                source.write((byte[]) input);
                reader.readHeaders();
                return reader.getAndResetHeaderList();
            }
        };
    }

    @Override
    public Object headerSet(List<Field> fields) {
        List<Header> headers = new ArrayList<>(fields.size());
        for (Field f : fields) {
            headers.add(new Header(f.name(), f.value()));
        }
        return List.copyOf(headers);
    }

    @Override
    public Encoder newEncoder() {
        Hpack.Writer writer = new Hpack.Writer(DEFAULT_TABLE_SIZE, true, output);
        return new Encoder() {
            @Override
            @SuppressWarnings("unchecked")
            public int encode(Object headerSet) throws IOException {
                output.clear();
                writer.writeHeaders((List<Header>) headerSet);
                return (int) output.size();
            }

            @Override
            public byte[] lastBlock() {
                return output.snapshot().toByteArray();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Field> fields(Object decoded) {
        List<Field> fields = new ArrayList<>();
        for (Header h : (List<Header>) decoded) {
            fields.add(new Field(h.name.string(java.nio.charset.StandardCharsets.ISO_8859_1),
                    h.value.string(java.nio.charset.StandardCharsets.ISO_8859_1)));
        }
        return fields;
    }
}
