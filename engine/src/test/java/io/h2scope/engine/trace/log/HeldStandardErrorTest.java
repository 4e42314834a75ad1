package io.h2scope.engine.trace.log;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class HeldStandardErrorTest {

    /** What reached standard error, and in how many writes. */
    private static final class Target extends ByteArrayOutputStream {
        int writes;

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            writes++;
            super.write(b, off, len);
        }

        String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    private final Target target = new Target();
    private final PrintStream err = new PrintStream(target, false, StandardCharsets.UTF_8);
    private final HeldStandardError out = new HeldStandardError(() -> err);

    /** As the appender does: the line, then a flush. */
    private void line(String text) {
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
        out.flush();
    }

    @Test
    void aLineOutsideARunIsWrittenAtOnce() {
        line("one");
        assertEquals("one\n", target.text());
        line("two");
        assertEquals(2, target.writes);
    }

    @Test
    void theLinesOfARunAreWrittenTogetherWhenItEnds() {
        out.hold(() -> {
            line("a");
            line("b");
            out.hold(() -> line("c")); // a nested run ends with the outer one
            assertEquals("", target.text());
        });
        assertEquals("a\nb\nc\n", target.text());
        assertEquals(1, target.writes);
    }

    @Test
    void aLineOfAnotherThreadTakesTheHeldLinesWithItInOrder() throws InterruptedException {
        out.hold(() -> {
            line("held");
            Thread other = new Thread(() -> line("other"));
            other.start();
            try {
                other.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            assertEquals("held\nother\n", target.text());
            line("after");
        });
        assertEquals("held\nother\nafter\n", target.text());
    }

    @Test
    void aRunKeepsAtMostMaxHeldOctets() {
        char[] filler = new char[999];
        Arrays.fill(filler, 'x');
        String text = new String(filler); // 1,000 octets a line with its newline
        int lines = HeldStandardError.MAX_HELD / 1000 + 5;
        out.hold(() -> {
            for (int i = 0; i < lines; i++) {
                line(text);
                assertEquals(true, target.size() + HeldStandardError.MAX_HELD >= (i + 1) * 1000);
            }
        });
        assertEquals(lines * 1000, target.size());
    }

    @Test
    void aLineLongerThanMaxHeldGoesOutWholeAfterTheHeldOnes() {
        char[] filler = new char[HeldStandardError.MAX_HELD];
        Arrays.fill(filler, 'y');
        out.hold(() -> {
            line("first");
            line(new String(filler));
        });
        assertEquals("first\n" + new String(filler) + "\n", target.text());
    }
}
