package io.h2scope.bench.hpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.bench.hpack.peer.HpackPeer;
import io.h2scope.engine.testsupport.SharedDirAssumption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What the benchmark setups check, run once in the build so a broken adapter fails here and not in JMH. */
class HpackPeersTest {

    private static List<HpackCorpus.Story> corpus;

    @BeforeAll
    static void loadCorpus() {
        corpus = HpackCorpus.load(SharedDirAssumption.resolve(HpackCorpus.FOLDER));
    }

    static List<String> libs() {
        return HpackPeer.all().stream().map(HpackPeer::name).toList();
    }

    @Test
    void corpusHasEveryEncoderFolderButRawData() {
        long folders = corpus.stream().map(HpackCorpus.Story::folder).distinct().count();
        assertEquals(14, folders);
        assertTrue(corpus.stream().noneMatch(s -> s.folder().equals("raw-data")));
        assertEquals(16_832, HpackCorpus.caseCount(corpus));
    }

    @ParameterizedTest
    @MethodSource("libs")
    void decodesTheWholeCorpus(String lib) {
        PeerCheck.corpus(HpackPeer.named(lib), corpus);
    }

    @ParameterizedTest
    @MethodSource("libs")
    void decodesTheReferenceBrowserConnection(String lib) {
        List<byte[]> blocks = ReferenceBlocks.browserConnection();
        PeerCheck.connection(HpackPeer.named(lib), List.of(blocks.get(0), blocks.get(1), blocks.get(1)),
                BrowserRequest.FIELDS);
    }

    @ParameterizedTest
    @MethodSource("libs")
    void encoderOutputDecodesWithEveryLibrary(String lib) throws Exception {
        HpackPeer peer = HpackPeer.named(lib);
        HpackPeer.Encoder encoder = peer.newEncoder();
        Object headers = peer.headerSet(BrowserRequest.FIELDS);
        encoder.encode(headers);
        byte[] first = encoder.lastBlock();
        encoder.encode(headers);
        byte[] repeat = encoder.lastBlock();
        assertTrue(repeat.length < first.length, "the repeated block uses the dynamic table");
        ReferenceBlocks.checkEncoded(lib, List.of(first, repeat), BrowserRequest.FIELDS);
    }

    @Test
    void aWrongDecodeIsCaught() {
        HpackPeer netty = HpackPeer.named("netty");
        // 0x83 is :method POST, not GET
        assertThrows(IllegalStateException.class, () -> PeerCheck.connection(netty,
                List.of(new byte[] {(byte) 0x83, (byte) 0x87, (byte) 0x84}), BrowserRequest.STATIC_INDEXED_FIELDS));
    }

    @ParameterizedTest
    @MethodSource("libs")
    void decodesTheStaticIndexedRequest(String lib) {
        PeerCheck.connection(HpackPeer.named(lib), List.of(BrowserRequest.STATIC_INDEXED_BLOCK),
                BrowserRequest.STATIC_INDEXED_FIELDS);
    }

    @Test
    void jettyRefusesOnlyBlocksWithConnectionSpecificFields() {
        // PeerCheck.corpus fails on any other refusal; this pins how much of the corpus Jetty refuses
        assertEquals(14_928, PeerCheck.rejectedBlocks(HpackPeer.named("jetty"), corpus));
    }
}
