package io.h2scope.engine.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link Flags#describe} is what the trace and the inspector print, so its output is pinned by a
 * golden file. After a deliberate change, regenerate it with
 * {@code mvn -pl engine test -Dtest=FlagsTest -Dh2scope.golden.update=true} and review the diff.
 */
class FlagsTest {

    private static final String GOLDEN = "flags-describe.golden.txt";

    @Test
    void namesOnlyTheFlagsTheTypeDefines_rfc9113_6() {
        assertEquals("END_STREAM|END_HEADERS", Flags.describe(FrameType.HEADERS.code(), 0x05));
        assertEquals("END_STREAM|END_HEADERS|PADDED|PRIORITY", Flags.describe(FrameType.HEADERS.code(), 0x2d));
        assertEquals("ACK|0x40", Flags.describe(FrameType.PING.code(), 0x41));
        assertEquals("ACK", Flags.describe(FrameType.SETTINGS.code(), 0x01));
        assertEquals("0x4", Flags.describe(FrameType.DATA.code(), 0x04), "END_HEADERS is not a DATA flag");
        assertEquals("END_STREAM|PADDED|0xf6", Flags.describe(FrameType.DATA.code(), 0xff));
        assertEquals("0x1", Flags.describe(FrameType.RST_STREAM.code(), 0x01));
        assertEquals("0x5", Flags.describe(0x0a, 0x05), "an unknown type defines no flags");
        assertEquals("", Flags.describe(FrameType.GOAWAY.code(), 0));
    }

    @Test
    void aTextAskedForAgainIsTheOneMadeTheFirstTime() {
        for (int type = -1; type <= 20; type++) {
            for (int flags = 0; flags <= 0xff; flags++) {
                assertEquals(Flags.describe(type, flags), Flags.describe(type, flags), type + " " + flags);
            }
        }
        assertEquals("ACK|0x40", Flags.describe(FrameType.PING.code(), 0x41), "kept per type: ACK is PING's");
        assertEquals("END_STREAM|0x40", Flags.describe(FrameType.DATA.code(), 0x41), "and END_STREAM DATA's");
    }

    @Test
    void definedMasks_rfc9113_6() {
        assertEquals(0x09, Flags.definedMask(FrameType.DATA.code()));
        assertEquals(0x2d, Flags.definedMask(FrameType.HEADERS.code()));
        assertEquals(0x0c, Flags.definedMask(FrameType.PUSH_PROMISE.code()));
        assertEquals(0x04, Flags.definedMask(FrameType.CONTINUATION.code()));
        assertEquals(0x00, Flags.definedMask(FrameType.WINDOW_UPDATE.code()));
    }

    @Test
    void describeOutputIsStable() throws IOException {
        String actual = goldenText();
        if (Boolean.getBoolean("h2scope.golden.update")) {
            Path file = Path.of("src/test/resources/io/h2scope/engine/frame", GOLDEN);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return; // the copy on the test classpath is stale until the next build
        }
        try (InputStream in = FlagsTest.class.getResourceAsStream(GOLDEN)) {
            assertNotNull(in, "missing golden file " + GOLDEN);
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual);
        }
    }

    /** Every flag value for HEADERS (the richest type); for the others 0x00, each single bit, and 0xff. */
    private static String goldenText() {
        StringBuilder text = new StringBuilder();
        for (int type = 0; type <= 0x0a; type++) {
            for (int flags = 0; flags <= 0xff; flags++) {
                boolean interesting = type == FrameType.HEADERS.code() || flags == 0 || flags == 0xff
                        || Integer.bitCount(flags) == 1;
                if (interesting) {
                    text.append(String.format("%-13s 0x%02x [%s]%n", FrameType.nameOf(type), flags, Flags.describe(type, flags)));
                }
            }
        }
        return text.toString();
    }
}
