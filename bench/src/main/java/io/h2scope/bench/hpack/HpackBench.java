package io.h2scope.bench.hpack;

import io.h2scope.bench.hpack.HpackCorpus.Case;
import io.h2scope.bench.hpack.HpackCorpus.Story;
import io.h2scope.bench.hpack.peer.HpackPeer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * HPACK side by side: the same bytes and the same header set for every library ({@code lib}).
 *
 * <ul>
 *   <li>corpusDecode: every block of every encoder folder of hpack-test-case, each story with a fresh decoder,
 *       in order, honouring {@code header_table_size}.</li>
 *   <li>coldDecode / coldEncode: a new connection's first request: a new decoder (encoder) and one block.
 *       Constructing the decoder (encoder) is part of the cost.</li>
 *   <li>warmDecode / warmEncode: the same request again on a connection that has sent it before, so every
 *       field is in the dynamic table.</li>
 *   <li>staticIndexedDecode: a request of three fields indexed from the static table ({@code 82 87 84}).</li>
 * </ul>
 * The request blocks decoded are Netty's encoding of {@link BrowserRequest} (first and second request on one
 * connection): a deployed encoder's output that indexes every field.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HpackBench {

    /** Every library measured; each fork measures one. */
    @State(Scope.Thread)
    public static class Lib {
        @Param({"h2scope", "h2scope-list", "netty", "jetty", "okhttp"})
        public String lib;

        HpackPeer peer;

        void open() {
            peer = HpackPeer.named(lib);
        }
    }

    @State(Scope.Thread)
    public static class Corpus extends Lib {
        Object[][] inputs;
        int[][] tableSizes;
        int[] largestSettings;

        @Setup(Level.Trial)
        public void setUp() {
            open();
            List<Story> all = HpackCorpus.load();
            PeerCheck.corpus(peer, all);
            inputs = new Object[all.size()][];
            tableSizes = new int[all.size()][];
            largestSettings = new int[all.size()];
            for (int s = 0; s < all.size(); s++) {
                List<Case> cases = all.get(s).cases();
                inputs[s] = cases.stream().map(c -> peer.input(c.wire())).toArray();
                tableSizes[s] = cases.stream().mapToInt(Case::tableSize).toArray();
                largestSettings[s] = all.get(s).maxTableSize();
            }
        }
    }

    @State(Scope.Thread)
    public static class Request extends Lib {
        Object firstBlock;
        Object repeatBlock;
        Object headerSet;
        HpackPeer.Decoder warmDecoder;
        HpackPeer.Encoder warmEncoder;

        @Setup(Level.Trial)
        public void setUp() throws Exception {
            open();
            List<byte[]> blocks = ReferenceBlocks.browserConnection();
            PeerCheck.connection(peer, List.of(blocks.get(0), blocks.get(1), blocks.get(1), blocks.get(1)),
                    BrowserRequest.FIELDS);
            firstBlock = peer.input(blocks.get(0));
            repeatBlock = peer.input(blocks.get(1));
            warmDecoder = peer.newDecoder(HpackPeer.DEFAULT_TABLE_SIZE);
            warmDecoder.decode(firstBlock);

            headerSet = peer.headerSet(BrowserRequest.FIELDS);
            warmEncoder = peer.newEncoder();
            byte[] first = encodeOnce(warmEncoder);
            byte[] repeat = encodeOnce(warmEncoder);
            ReferenceBlocks.checkEncoded(peer.name(), List.of(first, repeat, encodeOnce(warmEncoder)),
                    BrowserRequest.FIELDS);
        }

        private byte[] encodeOnce(HpackPeer.Encoder encoder) throws Exception {
            encoder.encode(headerSet);
            return encoder.lastBlock();
        }
    }

    @State(Scope.Thread)
    public static class StaticIndexed extends Lib {
        Object block;
        HpackPeer.Decoder decoder;

        @Setup(Level.Trial)
        public void setUp() {
            open();
            PeerCheck.connection(peer, List.of(BrowserRequest.STATIC_INDEXED_BLOCK),
                    BrowserRequest.STATIC_INDEXED_FIELDS);
            block = peer.input(BrowserRequest.STATIC_INDEXED_BLOCK);
            decoder = peer.newDecoder(HpackPeer.DEFAULT_TABLE_SIZE);
        }
    }

    @Benchmark
    public void corpusDecode(Corpus s, Blackhole bh) throws Exception {
        for (int i = 0; i < s.inputs.length; i++) {
            HpackPeer.Decoder decoder = s.peer.newDecoder(s.largestSettings[i]);
            Object[] inputs = s.inputs[i];
            int[] tableSizes = s.tableSizes[i];
            for (int c = 0; c < inputs.length; c++) {
                int tableSize = tableSizes[c];
                if (tableSize != HpackCorpus.UNCHANGED) {
                    decoder.maxTableSize(tableSize);
                }
                bh.consume(decoder.decode(inputs[c]));
            }
        }
    }

    @Benchmark
    public Object coldDecode(Request s) throws Exception {
        return s.peer.newDecoder(HpackPeer.DEFAULT_TABLE_SIZE).decode(s.firstBlock);
    }

    @Benchmark
    public int coldEncode(Request s) throws Exception {
        return s.peer.newEncoder().encode(s.headerSet);
    }

    @Benchmark
    public Object warmDecode(Request s) throws Exception {
        return s.warmDecoder.decode(s.repeatBlock);
    }

    @Benchmark
    public int warmEncode(Request s) throws Exception {
        return s.warmEncoder.encode(s.headerSet);
    }

    @Benchmark
    public Object staticIndexedDecode(StaticIndexed s) throws Exception {
        return s.decoder.decode(s.block);
    }
}
