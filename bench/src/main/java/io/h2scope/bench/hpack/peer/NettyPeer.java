package io.h2scope.bench.hpack.peer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Netty 4.2 through its public codec surface, DefaultHttp2HeadersDecoder/Encoder (HpackDecoder and
 * HpackEncoder themselves are package-private). Header validation is off: the benchmarks measure HPACK,
 * and the corpus holds HTTP/1-era fields such as {@code connection} that HTTP/2 validation rejects.
 */
final class NettyPeer implements HpackPeer {

    /** Large enough for every corpus block; the same limit is given to every library. */
    private static final long MAX_HEADER_LIST_SIZE = 1 << 20;

    private static final int STREAM_ID = 1;

    private final ByteBuf output = Unpooled.buffer(4096);

    @Override
    public String name() {
        return "netty";
    }

    @Override
    public Object input(byte[] block) {
        return Unpooled.wrappedBuffer(block);
    }

    @Override
    public Decoder newDecoder(int largestSetting) {
        return new NettyDecoder();
    }

    private static final class NettyDecoder implements Decoder {
        private final DefaultHttp2HeadersDecoder decoder =
                new DefaultHttp2HeadersDecoder(false, false, MAX_HEADER_LIST_SIZE);

        @Override
        public void maxTableSize(int size) {
            try {
                decoder.configuration().maxHeaderTableSize(size);
            } catch (Http2Exception e) {
                throw new IllegalArgumentException(e);
            }
        }

        @Override
        public Object decode(Object input) throws Http2Exception {
            ByteBuf block = (ByteBuf) input;
            block.readerIndex(0);
            return decoder.decodeHeaders(STREAM_ID, block);
        }
    }

    @Override
    public Object headerSet(List<Field> fields) {
        Http2Headers headers = new DefaultHttp2Headers(false, fields.size());
        for (Field f : fields) {
            headers.add(f.name(), f.value());
        }
        return headers;
    }

    @Override
    public Encoder newEncoder() {
        DefaultHttp2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder();
        return new Encoder() {
            @Override
            public int encode(Object headerSet) throws Exception {
                output.clear();
                encoder.encodeHeaders(STREAM_ID, (Http2Headers) headerSet, output);
                return output.writerIndex();
            }

            @Override
            public byte[] lastBlock() {
                return ByteBufUtil.getBytes(output);
            }
        };
    }

    @Override
    public List<Field> fields(Object decoded) {
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<CharSequence, CharSequence> e : (Http2Headers) decoded) {
            fields.add(new Field(e.getKey().toString(), e.getValue().toString()));
        }
        return fields;
    }
}
