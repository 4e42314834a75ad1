package io.h2scope.engine.client;

import io.h2scope.engine.hpack.HeaderField;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** "name: value" lines as the cli's -H and the inspector's client panel take them. */
class HeaderLinesTest {

    private static String error(String line) {
        return assertThrows(IllegalArgumentException.class, () -> HeaderLines.parse(line)).getMessage();
    }

    @Test
    void aLineIsANameAndAValueWithoutTheWhiteSpaceAround() {
        assertEquals(new HeaderField("X-Test", "a: b"), HeaderLines.parse("  X-Test :  a: b "));
        assertEquals(new HeaderField("accept", ""), HeaderLines.parse("accept:"));
    }

    @Test
    void eachBadLineSaysWhatIsWrong() {
        assertEquals("wants 'name: value', got 'no colon'", error("no colon"));
        assertEquals("wants 'name: value', got ': no name'", error(": no name"));
        assertEquals("':path' is a pseudo-header: the request makes it from the URL and the method (RFC 9113 §8.3.1)",
                error(":path: /x"));
        assertEquals("'x y' is not a field name: a name is a token, without spaces or separators such as ' ' "
                + "(RFC 9110 §5.1)", error("x y: 1"));
        assertEquals("the value of 'x' has a LF, which a field value must not have (RFC 9113 §8.2.1)",
                error("x: a\nb"));
    }

    @Test
    void linesAreNumberedInTheirErrorsAndBlankOnesSkipped() {
        assertEquals(List.of(new HeaderField("a", "1"), new HeaderField("b", "2")),
                HeaderLines.parseLines("a: 1\n\n  \r\nb: 2\n"));
        assertEquals("header line 3 wants 'name: value', got 'oops'", assertThrows(IllegalArgumentException.class,
                () -> HeaderLines.parseLines("a: 1\n\noops")).getMessage());
    }
}
