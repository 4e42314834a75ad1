package io.h2scope.conformance.intermediary.legs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** HTTP/1.1 octets read as they went: CRLF a break, anything else that could hide a boundary escaped, bounded. */
class Http1TextTest {

    private static String text(String octets) {
        return Http1Text.of(octets.getBytes(StandardCharsets.ISO_8859_1), 0, Http1Text.SHOWN_OCTETS);
    }

    @Test
    void crlfIsALineBreakAndTheHeadsEmptyLineEndsIt() {
        assertEquals("GET /a HTTP/1.1\nhost: x", text("GET /a HTTP/1.1\r\nhost: x\r\n\r\n"));
        assertEquals("POST /a HTTP/1.1\ncontent-length: 2\n\nhi", text("POST /a HTTP/1.1\r\ncontent-length: 2\r\n\r\nhi"));
    }

    @Test
    void bareLfBareCrAndControlOctetsAreShown() {
        assertEquals("a: b\\n\nc: d\\re\\t\\x00\\xff", text("a: b\nc: d\re\t\u0000\u00ff"));
    }

    @Test
    void aLongMessageIsCutAndTheRestCounted() {
        String shown = Http1Text.of(new byte[Http1Text.SHOWN_OCTETS + 10], 5, Http1Text.SHOWN_OCTETS);
        assertEquals("\\x00×" + Http1Text.SHOWN_OCTETS + "\n… 15 more octets", shown);
    }

    @Test
    void aRunOfOneOctetIsShownOnceWithItsCountAndAShorterRunAsItWent() {
        // a body of zeros (the slow-client case's 32 MiB) was 4096 escapes on one line
        String body = "a".repeat(Http1Text.RUN) + "b".repeat(Http1Text.RUN - 1) + "\t".repeat(20) + "\r\n\r\n";
        assertEquals("a×16" + "b".repeat(15) + "\\t×20", text(body));
        assertEquals("HTTP/1.1 200 OK\n\n\\x00×40\\xff", text("HTTP/1.1 200 OK\r\n\r\n" + "\0".repeat(40) + "\u00ff"));
    }

    @Test
    void aRunsOwnCapCutsWhereItSays() {
        assertEquals("GET /\n… 99 more octets", Http1Text.of("GET / HTTP/1.1".getBytes(StandardCharsets.ISO_8859_1),
                90, 5));
    }

    @Test
    void aLegKeepsOneOctetToOneMebibyteOfEither() {
        assertEquals(new LegCaps(CaseLegs.DATA_KEPT, Http1Text.SHOWN_OCTETS), LegCaps.DEFAULT);
        new LegCaps(1, LegCaps.MAX);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new LegCaps(0, 10));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new LegCaps(10, LegCaps.MAX + 1));
    }
}
