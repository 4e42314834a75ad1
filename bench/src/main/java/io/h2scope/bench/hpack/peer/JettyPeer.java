package io.h2scope.bench.hpack.peer;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.hpack.HpackDecoder;
import org.eclipse.jetty.http2.hpack.HpackEncoder;
import org.eclipse.jetty.http2.hpack.HpackException;

/**
 * Jetty 12's jetty-http2-hpack. Its decoder hands back a {@link MetaData} (pseudo-header fields become the
 * request line or status, the rest an {@link HttpFields}); its encoder takes one.
 */
final class JettyPeer implements HpackPeer {

    private static final int MAX_HEADER_LIST_SIZE = 1 << 20;

    private final ByteBuffer output = ByteBuffer.allocate(4096);

    @Override
    public String name() {
        return "jetty";
    }

    @Override
    public Object input(byte[] block) {
        return ByteBuffer.wrap(block);
    }

    @Override
    public Decoder newDecoder(int largestSetting) {
        // the begin-time supplier only stamps the MetaData; a constant keeps a clock read out of the figures
        HpackDecoder decoder = new HpackDecoder(MAX_HEADER_LIST_SIZE, () -> 0L);
        decoder.setMaxTableCapacity(DEFAULT_TABLE_SIZE);
        return new Decoder() {
            @Override
            public void maxTableSize(int size) {
                decoder.setMaxTableCapacity(size);
            }

            @Override
            public Object decode(Object input) throws HpackException.SessionException {
                ByteBuffer block = (ByteBuffer) input;
                block.position(0);
                try {
                    return decoder.decode(block);
                } catch (HpackException.StreamException e) {
                    // thrown after the whole block was decoded, when building the MetaData; see rejection()
                    return e;
                }
            }
        };
    }

    @Override
    public Object headerSet(List<Field> fields) {
        HttpURI.Mutable uri = HttpURI.build();
        String method = null;
        HttpFields.Mutable regular = HttpFields.build();
        for (Field f : fields) {
            switch (f.name()) {
                case ":method" -> method = f.value();
                case ":scheme" -> uri.scheme(f.value());
                case ":authority" -> uri.authority(f.value());
                case ":path" -> uri.pathQuery(f.value());
                default -> regular.add(f.name(), f.value());
            }
        }
        return new MetaData.Request(method, uri.asImmutable(), HttpVersion.HTTP_2, regular.asImmutable());
    }

    @Override
    public Encoder newEncoder() {
        HpackEncoder encoder = new HpackEncoder();
        encoder.setMaxTableCapacity(DEFAULT_TABLE_SIZE);
        encoder.setTableCapacity(DEFAULT_TABLE_SIZE);
        return new Encoder() {
            @Override
            public int encode(Object headerSet) throws HpackException {
                output.clear();
                encoder.encode(output, (MetaData) headerSet);
                return output.position();
            }

            @Override
            public byte[] lastBlock() {
                return Arrays.copyOf(output.array(), output.position());
            }
        };
    }

    @Override
    public String rejection(Object decoded) {
        return decoded instanceof HpackException.StreamException e ? e.getMessage() : null;
    }

    @Override
    public List<Field> fields(Object decoded) {
        List<Field> fields = new ArrayList<>();
        if (decoded instanceof MetaData.Request request) {
            addIfPresent(fields, ":method", request.getMethod());
            HttpURI uri = request.getHttpURI();
            addIfPresent(fields, ":scheme", uri.getScheme());
            addIfPresent(fields, ":authority", uri.getAuthority());
            addIfPresent(fields, ":path", uri.getPathQuery());
        } else if (decoded instanceof MetaData.Response response) {
            fields.add(new Field(":status", Integer.toString(response.getStatus())));
        }
        for (HttpField f : ((MetaData) decoded).getHttpFields()) {
            fields.add(new Field(f.getLowerCaseName(), f.getValue()));
        }
        return fields;
    }

    private static void addIfPresent(List<Field> fields, String name, String value) {
        if (value != null) {
            fields.add(new Field(name, value));
        }
    }
}
