package io.h2scope.conformance.client.cases;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.client.cases.HpackScript.Expect;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.hpack.HpackOutput;
import io.h2scope.engine.hpack.HpackWriter;
import io.h2scope.engine.hpack.Huffman;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The HPACK cases' octets are what they say (the engine's decoder reads them so), and their judge reads outcomes right. */
class HpackBlocksTest {

    private static HpackDecoder decoder() {
        return new HpackDecoder(4096, Long.MAX_VALUE, 1 << 20);
    }

    @Test
    void huffmanCodesBuildTheEncodersOctetsAndTheBrokenOnesFailToDecode() {
        assertArrayEquals(Huffman.encode("200"), HpackOctets.huffman(1, true, HpackOctets.TWO, HpackOctets.ZERO,
                HpackOctets.ZERO));
        for (byte[] broken : List.of(HpackOctets.huffman(9, true, HpackOctets.TWO, HpackOctets.ZERO, HpackOctets.ZERO),
                HpackOctets.huffman(1, false, HpackOctets.TWO, HpackOctets.ZERO, HpackOctets.ZERO),
                HpackOctets.huffman(3, true, HpackOctets.TWO, HpackOctets.EOS, HpackOctets.ZERO, HpackOctets.ZERO))) {
            assertThrows(HpackException.class, () -> Huffman.decode(broken));
        }
        assertThrows(IllegalArgumentException.class, () -> HpackOctets.huffman(0, true, HpackOctets.TWO));
    }

    @Test
    void bigIntegersAreTheWritersBelow64BitsAndWrapToTheIndexTheyAimAt() {
        HpackOutput out = new HpackOutput();
        new HpackWriter(out).encodeInteger(0x80, 7, (1L << 32) + 8);
        assertArrayEquals(out.toByteArray(), HpackOctets.integer(0x80, 7, BigInteger.ONE.shiftLeft(32).add(BigInteger.valueOf(8))));
        byte[] past64 = HpackOctets.integer(0x80, 7, BigInteger.ONE.shiftLeft(64).add(BigInteger.valueOf(8)));
        assertEquals(11, past64.length, "a prefix and 10 continuation octets");
        assertArrayEquals(new byte[] {(byte) 0x88}, HpackOctets.integer(0x80, 7, BigInteger.valueOf(8)));
    }

    @Test
    void validBlocksDecodeToWhatTheCasesExpect() {
        var fields = decoder().decode(HpackScript.bytes(HpackScript.ok()
                .encodeLiteral("x-h2scope", "same", io.h2scope.engine.hpack.Representation.LITERAL_INDEXED, false)
                .encodeIndexed(HpackScript.DYNAMIC)));
        assertEquals(":status", fields.get(0).name());
        assertEquals("200", fields.get(0).value());
        assertEquals("content-length", fields.get(1).name());
        assertEquals("same", fields.get(3).value());
    }

    @Test
    void everyBlockOfAnErrorCaseFailsTheEnginesDecoder() {
        assertThrows(HpackException.class, () -> decoder().decode(HpackScript.bytes(HpackScript.ok().encodeIndexed(0))));
        assertThrows(HpackException.class, () -> decoder().decode(HpackScript.bytes(HpackScript.ok()
                .encodeIndexed(HpackScript.DYNAMIC))));
    }

    @Test
    void theJudgeFailsAWrongStatusAWrongFieldAndAFailureAndPassesWhatItCannotSee() {
        Expect expect = Expect.status(203).with("x-h2scope", "a");
        assertEquals(Outcome.PASS, HpackScript.judgeDelivered(response(203, Map.of("x-h2scope", List.of("a"))), expect)
                .outcome());
        assertEquals(Outcome.PASS, HpackScript.judgeDelivered(response(-1, Map.of()), expect).outcome(),
                "a command's outcome says no fields: judged on what it says");
        assertEquals(Outcome.FAIL, HpackScript.judgeDelivered(response(200, Map.of()), expect).outcome());
        Outcome wrongField = HpackScript.judgeDelivered(response(203, Map.of("x-h2scope", List.of("b"))), expect)
                .outcome();
        assertEquals(Outcome.FAIL, wrongField);
        ClientOutcome failed = new ClientOutcome(ClientOutcome.Kind.FAILED, -1, -1, "COMPRESSION_ERROR", Duration.ZERO);
        assertTrue(HpackScript.judgeDelivered(failed, expect).reason().contains("reported the valid response as failed"));
    }

    private static ClientOutcome response(int status, Map<String, List<String>> headers) {
        return new ClientOutcome(ClientOutcome.Kind.RESPONSE, status, 5, "", Duration.ZERO, headers);
    }
}
