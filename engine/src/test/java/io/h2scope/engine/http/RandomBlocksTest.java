package io.h2scope.engine.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Robustness: random blocks built from the tricky pieces (pseudo-header names, connection fields,
 * control bytes, colons, spaces) either validate or raise a PROTOCOL_ERROR stream error with a
 * printable detail, never another exception. Fixed seed, so a failure reproduces.
 */
class RandomBlocksTest {

    private static final String[] NAMES = {":method", ":scheme", ":authority", ":path", ":protocol", ":status", ":x", ":",
        "", "host", "te", "content-length", "cookie", "connection", "upgrade", "X-A", "x a", "x:a", "x-\u00ff", "accept"};
    private static final String[] VALUES = {"GET", "CONNECT", "OPTIONS", "HEAD", "https", "http", "/", "*", "", " ",
        "a.example", "a.example:443", "u@a", "[::1]:8", "trailers", "0", "5", "-1", "5, 5", "5, 6", "99999999999999999999",
        "\r\n", "a\u0000", "\t1", "200", "101", "1000", "websocket", "/a b", "\u0100"};

    @Test
    void randomBlocksRaiseOnlyTypedStreamErrors() {
        SplittableRandom random = new SplittableRandom(9113);
        MessageValidator[] validators = {
            new MessageValidator(ValidationOptions.defaults()),
            new MessageValidator(new ValidationOptions(true, 8, false, false, true)),
        };
        int accepted = 0;
        for (int round = 0; round < 20_000; round++) {
            List<HeaderField> block = new ArrayList<>();
            for (int i = random.nextInt(10); i > 0; i--) {
                block.add(new HeaderField(NAMES[random.nextInt(NAMES.length)], VALUES[random.nextInt(VALUES.length)]));
            }
            MessageValidator v = validators[round & 1];
            try {
                switch (random.nextInt(4)) {
                    case 0 -> ContentLengthCheck.forRequest(3, v.request(3, block)).onEndStream();
                    case 1 -> v.response(3, block, random.nextBoolean());
                    case 2 -> v.trailers(3, block);
                    default -> v.pushedRequest(3, block);
                }
                accepted++;
            } catch (StreamError e) {
                assertEquals(3, e.streamId());
                assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
                Blocks.assertPrintable(e.detail());
            }
        }
        assertTrue(accepted > 100, "the generator must also reach valid blocks, got " + accepted);
    }
}
